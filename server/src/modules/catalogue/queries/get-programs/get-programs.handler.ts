import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { asc } from 'drizzle-orm';
import type { ProgramOverview } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { programs } from '../../catalogue.schema.js';
import { GetProgramsQuery } from './get-programs.query.js';

/** The three programs as the content pack describes them (name and description for the landing pages). */
@QueryHandler(GetProgramsQuery)
export class GetProgramsHandler implements IQueryHandler<GetProgramsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute(): Promise<ProgramOverview[]> {
    const rows = await this.connection.db
      .select({ code: programs.code, serviceSlug: programs.serviceSlug, name: programs.name, description: programs.description })
      .from(programs)
      .orderBy(asc(programs.position));
    return rows;
  }
}
