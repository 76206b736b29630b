import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { asc, eq } from 'drizzle-orm';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { questions } from '../../catalogue.schema.js';
import { bankCourseBySlug } from '../../studio/question-bank.js';
import { toPackItem, toQuestionsYaml } from '../../studio/question-yaml.js';
import { ExportQuestionBankQuery } from './export-question-bank.query.js';

@QueryHandler(ExportQuestionBankQuery)
export class ExportQuestionBankHandler implements IQueryHandler<ExportQuestionBankQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  /** What exams draw now, written as server/content/…/questions.yaml is (the pack's loader reads it back). */
  async execute({ courseSlug }: ExportQuestionBankQuery): Promise<{ filename: string; yaml: string }> {
    const db = this.connection.db;
    const course = await bankCourseBySlug(db, courseSlug);
    const rows = await db.select().from(questions).where(eq(questions.courseId, course.id)).orderBy(asc(questions.questionId));
    return { filename: `${course.slug}-questions.yaml`, yaml: toQuestionsYaml(rows.map((row) => toPackItem(row.questionId, row))) };
  }
}
