import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { loginRequired } from '../../../../core/errors/app-error.js';
import type { CourseCardPage, LearningCoursesQuery } from '../../../../contracts/catalogue.js';
import type { Database, DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courseFields, easiestFirst, selectFromCourses, isPublishedCourse } from '../../../catalogue/reads.js';
import { courseCardColumns, isFavoriteCourse, isStartedCourse, toCourseCard } from '../../course-cards.js';
import { ListLearningCoursesQuery } from './list-learning-courses.query.js';

const param = {
  userId: sql.placeholder('userId'),
  programs: sql.placeholder('programs'),
  levels: sql.placeholder('levels'),
  categories: sql.placeholder('categories'),
  isStarted: sql.placeholder('isStarted'),
  isFavorite: sql.placeholder('isFavorite'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** A filter that is off when its parameter is null, so one prepared statement serves every combination. */
const unlessNull = (value: Placeholder, type: 'text[]' | 'boolean', condition: SQL) =>
  sql`(${value}::${sql.raw(type)} is null or ${condition})`;

/**
 * The page and the total of the list, as statements with placeholders (built once, prepared on
 * each connection). Exported so the benchmark's raw Fastify route runs exactly this SQL.
 */
export function learningCourseListStatements(db: Database, forLearner: boolean) {
  const where = and(
    isPublishedCourse,
    eq(courseFields.kind, 'learning'),
    unlessNull(param.programs, 'text[]', sql`${courseFields.program} = any(${param.programs}::text[])`),
    unlessNull(param.levels, 'text[]', sql`${courseFields.level} = any(${param.levels}::text[])`),
    // Any of the categories: the course's jsonb list overlaps the wanted ones.
    unlessNull(param.categories, 'text[]', sql`${courseFields.categories} ?| ${param.categories}::text[]`),
    forLearner ? unlessNull(param.isStarted, 'boolean', sql`${isStartedCourse(param.userId)} = ${param.isStarted}::boolean`) : undefined,
    forLearner ? unlessNull(param.isFavorite, 'boolean', sql`${isFavoriteCourse(param.userId)} = ${param.isFavorite}::boolean`) : undefined,
  );
  const audience = forLearner ? 'learner' : 'visitor';
  return {
    rows: selectFromCourses(db, courseCardColumns(forLearner ? param.userId : null))
      .where(where)
      .orderBy(...easiestFirst)
      .limit(param.limit)
      .offset(param.offset)
      .prepare(`learning_course_list_${audience}`),
    total: selectFromCourses(db, { total: sql<number>`count(*)`.mapWith(Number) })
      .where(where)
      .prepare(`learning_course_count_${audience}`),
  };
}

/** The placeholders' values for a request. */
export function learningCourseListValues({ program, level, category, isStarted, isFavorite, page, limit }: LearningCoursesQuery, userId: string | null) {
  return {
    userId,
    programs: program?.length ? program : null,
    levels: level?.length ? level : null,
    categories: category?.length ? category : null,
    isStarted: isStarted ?? null,
    isFavorite: isFavorite ?? null,
    limit,
    offset: (page - 1) * limit,
  };
}

@QueryHandler(ListLearningCoursesQuery)
export class ListLearningCoursesHandler implements IQueryHandler<ListLearningCoursesQuery> {
  // Built once: composing the SQL on every request cost more than running it.
  private readonly forLearner: ReturnType<typeof learningCourseListStatements>;
  private readonly forVisitor: ReturnType<typeof learningCourseListStatements>;

  constructor(@Inject(DATABASE_CONNECTION) connection: DatabaseConnection) {
    this.forLearner = learningCourseListStatements(connection.db, true);
    this.forVisitor = learningCourseListStatements(connection.db, false);
  }

  async execute({ filters, userId }: ListLearningCoursesQuery): Promise<CourseCardPage> {
    // The learner's own filters mean nothing for a visitor: ask them to log in rather than guess.
    if ((filters.isStarted !== undefined || filters.isFavorite !== undefined) && !userId) throw loginRequired();
    const statements = userId ? this.forLearner : this.forVisitor;
    const values = learningCourseListValues(filters, userId);
    const [rows, [counted]] = await Promise.all([statements.rows.execute(values), statements.total.execute(values)]);
    return { items: rows.map(toCourseCard), total: counted?.total ?? 0, page: filters.page, limit: filters.limit };
  }
}
