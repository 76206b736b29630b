import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { BankQuestion } from '../../../../contracts/studio-questions.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { questions, questionVersions } from '../../catalogue.schema.js';
import { adminNamesOf } from '../../studio/admin-names.js';
import { bankCourseBySlug, toBankQuestion } from '../../studio/question-bank.js';
import { ListQuestionVersionsQuery } from './list-question-versions.query.js';

@QueryHandler(ListQuestionVersionsQuery)
export class ListQuestionVersionsHandler implements IQueryHandler<ListQuestionVersionsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ courseSlug, questionId }: ListQuestionVersionsQuery): Promise<BankQuestion[]> {
    const db = this.connection.db;
    const course = await bankCourseBySlug(db, courseSlug);
    const rows = await db
      .select()
      .from(questionVersions)
      .where(and(eq(questionVersions.courseId, course.id), eq(questionVersions.questionId, questionId)))
      .orderBy(desc(questionVersions.version));
    if (rows.length === 0) throw notFound('問題');
    const [published] = await db.select({ version: questions.version }).from(questions).where(and(eq(questions.courseId, course.id), eq(questions.questionId, questionId)));
    const names = await adminNamesOf(db, rows.map((row) => row.editedBy));
    return rows.map((row) => toBankQuestion(row, published?.version ?? null, row.editedBy ? (names.get(row.editedBy) ?? null) : null));
  }
}
