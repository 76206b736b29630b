import { Query } from '@nestjs/cqrs';
import type { ExamAnalytics, ExamAnalyticsQuery } from '../../../../contracts/exam-analytics.js';

/** Attempts and pass rates, topic and question difficulty, and course reviews over a range of Tokyo days. */
export class GetExamAnalyticsQuery extends Query<ExamAnalytics> {
  constructor(
    readonly filter: ExamAnalyticsQuery,
    readonly now: Date,
  ) {
    super();
  }
}
