import { ITEM_FLAG_RULES, type ItemFlag, type ItemStatistic } from '../../contracts/item-statistics.js';

export interface Outcome {
  examSessionId: string;
  questionId: string;
  correct: boolean;
  startedAt: Date;
}

/** Pearson's correlation of two equally long series; null when either does not vary. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n === 0 || n !== ys.length) return null;
  const meanX = xs.reduce((sum, x) => sum + x, 0) / n;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let index = 0; index < n; index += 1) {
    const dx = xs[index]! - meanX;
    const dy = ys[index]! - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  if (varianceX === 0 || varianceY === 0) return null;
  return covariance / Math.sqrt(varianceX * varianceY);
}

const BANDS = ['lower', 'middle', 'upper'] as const;

/**
 * Classical item statistics of a course's bank from its graded outcomes. Discrimination is the point-biserial
 * correlation of the item (0/1) with the rest score (the session's other right answers), so an item is not
 * correlated with itself. Score bands are thirds of the graded sessions ranked by their share of right answers.
 */
export function itemStatistics(
  outcomes: readonly Outcome[],
  bank: readonly { questionId: string; topic: string }[],
  topicCounts: Readonly<Record<string, number>>,
): { gradedSessions: number; items: ItemStatistic[] } {
  const sessions = new Map<string, { right: number; drawn: number }>();
  for (const outcome of outcomes) {
    const session = sessions.get(outcome.examSessionId) ?? { right: 0, drawn: 0 };
    session.drawn += 1;
    if (outcome.correct) session.right += 1;
    sessions.set(outcome.examSessionId, session);
  }
  const ranked = [...sessions.entries()].sort(([, a], [, b]) => a.right / a.drawn - b.right / b.drawn);
  const bandOf = new Map(ranked.map(([id], index) => [id, BANDS[Math.min(2, Math.floor((index * 3) / ranked.length))]!]));

  const byQuestion = new Map<string, Outcome[]>();
  for (const outcome of outcomes) byQuestion.set(outcome.questionId, [...(byQuestion.get(outcome.questionId) ?? []), outcome]);
  const topicOf = new Map(bank.map((question) => [question.questionId, question.topic]));
  const publishedInTopic = new Map<string, number>();
  for (const question of bank) publishedInTopic.set(question.topic, (publishedInTopic.get(question.topic) ?? 0) + 1);
  const ids = [...new Set([...bank.map((question) => question.questionId), ...byQuestion.keys()])].sort();

  const items = ids.map((questionId): ItemStatistic => {
    const drawn = byQuestion.get(questionId) ?? [];
    const attempts = drawn.length;
    const right = drawn.filter((outcome) => outcome.correct).length;
    const pValue = attempts === 0 ? null : right / attempts;
    const discrimination =
      attempts < ITEM_FLAG_RULES.minAttemptsForDiscrimination
        ? null
        : correlation(
            drawn.map((outcome) => (outcome.correct ? 1 : 0)),
            drawn.map((outcome) => sessions.get(outcome.examSessionId)!.right - (outcome.correct ? 1 : 0)),
          );
    const exposure = sessions.size === 0 ? null : attempts / sessions.size;
    const topic = topicOf.get(questionId) ?? '';
    const fairShare = (topicCounts[topic] ?? 0) / (publishedInTopic.get(topic) || 1);
    const flags: ItemFlag[] = [];
    if (pValue !== null && attempts >= ITEM_FLAG_RULES.minAttemptsForDiscrimination) {
      if (pValue > ITEM_FLAG_RULES.tooEasyAbove) flags.push('tooEasy');
      if (pValue < ITEM_FLAG_RULES.tooHardBelow) flags.push('tooHard');
    }
    if (discrimination !== null && discrimination < 0) flags.push('negativeDiscrimination');
    if (exposure !== null && fairShare > 0 && sessions.size >= ITEM_FLAG_RULES.minAttemptsForDiscrimination && exposure > fairShare * ITEM_FLAG_RULES.overExposureFactor) {
      flags.push('overExposed');
    }
    const lastDrawn = drawn.reduce<Date | null>((latest, outcome) => (latest === null || outcome.startedAt > latest ? outcome.startedAt : latest), null);
    return {
      questionId,
      topic,
      attempts,
      pValue,
      discrimination,
      exposure,
      lastDrawnAt: lastDrawn?.toISOString() ?? null,
      byScoreBand: BANDS.map((band) => {
        const inBand = drawn.filter((outcome) => bandOf.get(outcome.examSessionId) === band);
        return { band, attempts: inBand.length, pValue: inBand.length === 0 ? null : inBand.filter((outcome) => outcome.correct).length / inBand.length };
      }),
      flags,
    };
  });
  return { gradedSessions: sessions.size, items };
}
