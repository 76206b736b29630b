import type { ExamResult } from '../../contracts/exams.js';
import type { CertificationExam } from '../catalogue/reads.js';
import type { ExamScore } from './certification.schema.js';
import { retakeOpensAt } from './domain/exam-timing.js';

/** What the result page shows of a graded session: read by the last-result query and carried in ExamGraded (and its push). */
export function examResultView(session: {
  examSessionId: string;
  courseSlug: string;
  finishedAt: Date;
  score: ExamScore;
  exam: CertificationExam;
}): ExamResult {
  const { score, exam, finishedAt } = session;
  // 分野別の結果 in one fixed order per course (the keys of its topic list as stored), not in the order
  // this session drew its questions: two attempts read alike, and the page looks the same every run.
  const topicOrder = Object.keys(exam?.topics ?? {});
  const rank = (topic: string) => (topicOrder.includes(topic) ? topicOrder.indexOf(topic) : topicOrder.length);
  const topics = [...score.topics].sort((a, b) => rank(a.topic) - rank(b.topic));
  return {
    examSessionId: session.examSessionId,
    courseSlug: session.courseSlug,
    finishedAt: finishedAt.toISOString(),
    passed: score.passed,
    percent: score.percent,
    correct: score.correct,
    total: score.total,
    topics: topics.map((topic) => ({ ...topic, name: exam?.topicNames?.[topic.topic] ?? topic.topic })),
    nextAttemptAt: score.passed ? null : retakeOpensAt(finishedAt, exam?.retakeWaitHours ?? 24).toISOString(),
  };
}
