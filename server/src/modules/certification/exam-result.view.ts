import type { ExamResult } from '../../contracts/exams.js';
import type { courses } from '../catalogue/catalogue.schema.js';
import type { ExamScore } from './certification.schema.js';
import { retakeOpensAt } from './domain/exam-session.js';

/** What the result page shows of a graded session: read by the last-result query and carried in ExamGraded (and its push). */
export function examResultView(session: {
  examSessionId: string;
  courseSlug: string;
  finishedAt: Date;
  score: ExamScore;
  exam: (typeof courses.$inferSelect)['exam'];
}): ExamResult {
  const { score, exam, finishedAt } = session;
  return {
    examSessionId: session.examSessionId,
    courseSlug: session.courseSlug,
    finishedAt: finishedAt.toISOString(),
    passed: score.passed,
    percent: score.percent,
    correct: score.correct,
    total: score.total,
    topics: score.topics.map((topic) => ({ ...topic, name: exam?.topicNames?.[topic.topic] ?? topic.topic })),
    nextAttemptAt: score.passed ? null : retakeOpensAt(finishedAt, exam?.retakeWaitHours ?? 24).toISOString(),
  };
}
