import { randomInt } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ExamPreview } from '../../../../contracts/studio-questions.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { bankCourseBySlug, latestVersionsOf } from '../../studio/question-bank.js';
import { samplePreview } from '../../studio/exam-preview.js';
import { PreviewExamDrawQuery } from './preview-exam-draw.query.js';

@QueryHandler(PreviewExamDrawQuery)
export class PreviewExamDrawHandler implements IQueryHandler<PreviewExamDrawQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  /** Read only: no session, no outcome, no event (the preview must not count as exposure). */
  async execute({ courseSlug }: PreviewExamDrawQuery): Promise<ExamPreview> {
    const db = this.connection.db;
    const course = await bankCourseBySlug(db, courseSlug);
    const working = (await latestVersionsOf(db, course.id)).filter((row) => row.status !== 'retired');
    return { courseSlug: course.slug, courseTitle: course.title, minutes: course.blueprint.minutes, questionCount: course.blueprint.questionCount, ...samplePreview(course.blueprint, working, randomInt) };
  }
}
