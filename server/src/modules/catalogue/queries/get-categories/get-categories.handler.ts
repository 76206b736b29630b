import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { asc, eq } from 'drizzle-orm';
import type { Category } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { categories } from '../../catalogue.schema.js';
import { GetCategoriesQuery } from './get-categories.query.js';

@QueryHandler(GetCategoriesQuery)
export class GetCategoriesHandler implements IQueryHandler<GetCategoriesQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ program }: GetCategoriesQuery): Promise<Category[]> {
    const rows = await this.connection.db
      .select({ program: categories.program, slug: categories.slug, name: categories.name })
      .from(categories)
      .where(eq(categories.program, program))
      .orderBy(asc(categories.position));
    return rows as Category[];
  }
}
