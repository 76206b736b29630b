import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, asc, eq } from 'drizzle-orm';
import type { FeaturedItem } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courses, featuredItems } from '../../catalogue.schema.js';
import { coursePath } from '../../../../contracts/course-path.js';
import { GetFeaturedQuery } from './get-featured.query.js';

@QueryHandler(GetFeaturedQuery)
export class GetFeaturedHandler implements IQueryHandler<GetFeaturedQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute(): Promise<FeaturedItem[]> {
    const rows = await this.connection.db
      .select({
        kind: courses.kind,
        program: courses.program,
        slug: courses.slug,
        title: courses.title,
        summary: courses.summary,
        headline: featuredItems.headline,
      })
      .from(featuredItems)
      .innerJoin(courses, and(eq(courses.id, featuredItems.courseId), eq(courses.published, true)))
      .orderBy(asc(featuredItems.position));
    return rows.map((row) => ({ ...row, program: row.program as FeaturedItem['program'], path: coursePath(row.kind, row.program, row.slug) }));
  }
}
