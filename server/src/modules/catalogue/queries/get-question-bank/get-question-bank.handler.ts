import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { QuestionBank } from '../../../../contracts/studio-questions.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { adminNamesOf } from '../../studio/admin-names.js';
import { bankCourseBySlug, latestVersionsOf, publishedCountsByTopic, toBankQuestion } from '../../studio/question-bank.js';
import { GetQuestionBankQuery } from './get-question-bank.query.js';

@QueryHandler(GetQuestionBankQuery)
export class GetQuestionBankHandler implements IQueryHandler<GetQuestionBankQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ courseSlug, filter }: GetQuestionBankQuery): Promise<QuestionBank> {
    const db = this.connection.db;
    const course = await bankCourseBySlug(db, courseSlug);
    const [rows, publishedByTopic] = await Promise.all([latestVersionsOf(db, course.id), publishedCountsByTopic(db, course.id)]);
    const words = filter.q?.trim();
    const shown = rows.filter(
      (row) =>
        (!filter.status || row.status === filter.status) &&
        (!filter.topic || row.topic === filter.topic) &&
        (!filter.type || row.type === filter.type) &&
        (!words || row.prompt.includes(words) || row.questionId.includes(words)),
    );
    const names = await adminNamesOf(db, shown.map((row) => row.editedBy));
    return {
      courseSlug: course.slug,
      courseTitle: course.title,
      courseVersion: course.version,
      blueprint: course.blueprint,
      publishedByTopic,
      questions: shown.map((row) => toBankQuestion(row, row.publishedVersion, row.editedBy ? (names.get(row.editedBy) ?? null) : null)),
    };
  }
}
