import type { FrozenQuestion } from '../certification.schema';
import { acceptsSubmitAt, attemptStanding, type LatestAttempt, retakeOpensAt, SUBMIT_GRACE_MS } from './exam-timing';
import {
  type BankQuestion,
  deadlineOf,
  drawQuestions,
  pickForTopic,
  publicQuestion,
  scoreExam,
  startDecision,
  type StartSituation,
  validChoices,
} from './exam-session';

/** A seeded generator, so a draw can be repeated. */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const question = (questionId: string, topic: string, type: 'single' | 'multiple' = 'single'): BankQuestion => ({
  questionId,
  topic,
  type,
  prompt: `問題 ${questionId}`,
  choices:
    type === 'single'
      ? [{ text: '正解', correct: true }, { text: '誤り1', correct: false }, { text: '誤り2', correct: false }]
      : [{ text: '正解A', correct: true }, { text: '正解B', correct: true }, { text: '誤り', correct: false }],
});

const BANK = [
  ...['a1', 'a2', 'a3', 'a4'].map((id) => question(id, 'auction')),
  ...['b1', 'b2', 'b3'].map((id) => question(id, 'budget', 'multiple')),
];

describe('drawQuestions', () => {
  it('draws each topic’s count, without repeats, and shuffles questions and choices', () => {
    const drawn = drawQuestions(BANK, { auction: 2, budget: 3 }, seeded(7));
    expect(drawn).toHaveLength(5);
    expect(drawn.filter((q) => q.topic === 'auction')).toHaveLength(2);
    expect(new Set(drawn.map((q) => q.questionId)).size).toBe(5);
    for (const frozen of drawn) {
      const original = BANK.find((q) => q.questionId === frozen.questionId)!;
      expect(frozen.choices.map((choice) => choice.text).sort()).toEqual(original.choices.map((choice) => choice.text).sort());
      // The bank's order is kept on the server: "c1" is the bank's first choice wherever it is shown.
      expect(frozen.choices.find((choice) => choice.bankChoiceId === 'c1')!.text).toBe(original.choices[0]!.text);
    }
  });

  it('gives every choice an id of the session’s own, unique in it and nothing like the bank’s', () => {
    const ids = (draw: ReturnType<typeof drawQuestions>) => draw.flatMap((q) => q.choices.map((choice) => choice.choiceId));
    const first = ids(drawQuestions(BANK, { auction: 4, budget: 3 }, seeded(1)));
    const second = ids(drawQuestions(BANK, { auction: 4, budget: 3 }, seeded(1)));
    expect(new Set(first).size).toBe(first.length);
    expect(first.every((id) => /^[A-Za-z0-9_-]{8}$/.test(id))).toBe(true);
    // The same draw (same seed: same questions, same order) in another session: other ids throughout.
    expect(first.filter((id) => second.includes(id))).toEqual([]);
  });

  it('draws again an id that came up twice, so the ids of a session never collide', () => {
    const names = ['x', 'x', 'y', 'x', 'y', 'z'];
    const [frozen] = drawQuestions(BANK, { auction: 1 }, seeded(3), () => names.shift()!);
    expect(frozen!.choices.map((choice) => choice.choiceId).sort()).toEqual(['x', 'y', 'z']);
  });

  it('gives different orders for different draws and the same for the same seed', () => {
    const order = (seed: number) => drawQuestions(BANK, { auction: 4, budget: 3 }, seeded(seed)).map((q) => q.questionId).join();
    expect(order(1)).toBe(order(1));
    expect(new Set([1, 2, 3, 4, 5].map(order)).size).toBeGreaterThan(1);
  });

  it('refuses a topic the bank cannot fill', () => {
    expect(() => drawQuestions(BANK, { budget: 4 }, seeded(1))).toThrow(/budget/);
  });

  it('records the bank version each question was drawn at, and none where the bank gives none', () => {
    const versioned = BANK.map((bankQuestion, index) => ({ ...bankQuestion, version: index + 1 }));
    const drawn = drawQuestions(versioned, { auction: 4, budget: 3 }, seeded(9));
    for (const frozen of drawn) expect(frozen.version).toBe(versioned.find((q) => q.questionId === frozen.questionId)!.version);
    expect(drawQuestions(BANK, { auction: 1 }, seeded(9))[0]).not.toHaveProperty('version');
    expect(JSON.stringify(publicQuestion(drawn[0]!))).not.toMatch(/version/);
  });

  it('shows the learner no correctness at all', () => {
    const [frozen] = drawQuestions(BANK, { auction: 1 }, seeded(3));
    const shown = publicQuestion(frozen!);
    expect(JSON.stringify(shown)).not.toMatch(/correct|topic|explanation|bankChoiceId/);
    expect(shown.choices).toHaveLength(3);
  });
});

describe('timing', () => {
  const startedAt = new Date('2026-11-22T01:00:00Z');

  it('ends after the duration plus any extra time', () => {
    expect(deadlineOf(startedAt, 30).toISOString()).toBe('2026-11-22T01:30:00.000Z');
    expect(deadlineOf(startedAt, 30, 15).toISOString()).toBe('2026-11-22T01:45:00.000Z');
  });

  it('takes a submit until the deadline plus the grace, not after', () => {
    const deadline = deadlineOf(startedAt, 30);
    expect(acceptsSubmitAt(deadline, new Date(deadline.getTime() + SUBMIT_GRACE_MS))).toBe(true);
    expect(acceptsSubmitAt(deadline, new Date(deadline.getTime() + SUBMIT_GRACE_MS + 1))).toBe(false);
  });
});

describe('scoreExam', () => {
  const questions = drawQuestions(BANK, { auction: 2, budget: 2 }, seeded(11));
  const rightAnswer = (index: number) => questions[index]!.choices.filter((c) => c.correct).map((c) => c.choiceId);
  const wrongAnswer = (index: number) => [questions[index]!.choices.find((c) => !c.correct)!.choiceId];

  it('counts a question right only when exactly its correct choices are chosen', () => {
    const multiple = questions.findIndex((q) => q.type === 'multiple');
    const partly = { [questions[multiple]!.questionId]: rightAnswer(multiple).slice(0, 1) };
    expect(scoreExam(questions, partly, 70).correct).toBe(0);
    const tooMany = { [questions[multiple]!.questionId]: questions[multiple]!.choices.map((c) => c.choiceId) };
    expect(scoreExam(questions, tooMany, 70).correct).toBe(0);
  });

  it('passes at the pass mark, with a per-topic breakdown', () => {
    const answers = Object.fromEntries(questions.map((q, index) => [q.questionId, index === 0 ? wrongAnswer(0) : rightAnswer(index)]));
    const result = scoreExam(questions, answers, 75);
    expect(result).toMatchObject({ correct: 3, total: 4, percent: 75, passed: true });
    expect(result.topics.reduce((sum, topic) => sum + topic.total, 0)).toBe(4);
    expect(scoreExam(questions, answers, 76).passed).toBe(false);
  });

  it('grades through the session’s own ids: the bank’s ids are no choice of a new session', () => {
    const right = Object.fromEntries(questions.map((q, index) => [q.questionId, rightAnswer(index)]));
    expect(scoreExam(questions, right, 100)).toMatchObject({ correct: 4, passed: true });
    const bankKey = Object.fromEntries(questions.map((q) => [q.questionId, q.choices.filter((c) => c.correct).map((c) => c.bankChoiceId!)]));
    expect(scoreExam(questions, bankKey, 1)).toMatchObject({ correct: 0, passed: false });
    expect(questions.every((q) => validChoices(q, bankKey[q.questionId]!) === null)).toBe(true);
  });

  it('still takes and grades a session frozen before per-session ids (the bank’s ids, no mapping)', () => {
    const legacy: FrozenQuestion = {
      questionId: 'a1',
      topic: 'auction',
      type: 'single',
      prompt: '問題',
      choices: [
        { choiceId: 'c2', text: '誤り1', correct: false },
        { choiceId: 'c1', text: '正解', correct: true },
      ],
    };
    expect(validChoices(legacy, ['c1'])).toEqual(['c1']);
    expect(validChoices(legacy, ['x'])).toBeNull();
    expect(scoreExam([legacy], { a1: ['c1'] }, 100)).toMatchObject({ correct: 1, passed: true });
  });

  it('scores unanswered questions as wrong', () => {
    expect(scoreExam(questions, {}, 0)).toMatchObject({ correct: 0, percent: 0, passed: true });
    expect(scoreExam(questions, {}, 1).passed).toBe(false);
  });
});

describe('startDecision', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  /** This course's latest attempt as `examStanding` reads its row (retakes after 24 hours). */
  const attemptOf = (row: Partial<LatestAttempt>) => attemptStanding({ id: 's1', status: 'graded', deadline: now, finishedAt: null, passed: null, ...row }, 24, now);
  const situation = (change: Partial<StartSituation> = {}): StartSituation => ({
    hasProfile: true,
    requires: null,
    attempt: { kind: 'none' },
    runningElsewhere: null,
    badgeExpiresAt: null,
    now,
    ...change,
  });

  const inAMinute = new Date(now.getTime() + 60_000);

  it('starts when nothing stands in the way', () => {
    expect(startDecision(situation())).toEqual({ kind: 'start' });
  });

  it('resumes the same course’s running session and refuses another course', () => {
    expect(startDecision(situation({ attempt: attemptOf({ status: 'running', deadline: inAMinute }) }))).toEqual({ kind: 'resume' });
    expect(startDecision(situation({ runningElsewhere: { courseSlug: 'yahoo-ads-searchads-basic', deadline: inAMinute } }))).toEqual({
      kind: 'refuse',
      refusal: { code: 'EXAM_IN_PROGRESS', courseSlug: 'yahoo-ads-searchads-basic' },
    });
  });

  it('offers nothing while the latest attempt is over but its result unknown: time up (any course, grace or not), or ended and not graded', () => {
    const grading = { kind: 'refuse', refusal: { code: 'EXAM_GRADING' } };
    // Its deadline is the moment time is up, not the end of the grace a submit in flight still has.
    expect(startDecision(situation({ attempt: attemptOf({ status: 'running', deadline: now }) }))).toEqual(grading);
    expect(startDecision(situation({ runningElsewhere: { courseSlug: 'yahoo-ads-searchads-basic', deadline: new Date(now.getTime() - 600_000) } }))).toEqual(grading);
    expect(startDecision(situation({ attempt: attemptOf({ status: 'expired', finishedAt: new Date(now.getTime() - 30 * 3_600_000), passed: null }) }))).toEqual(grading);
  });

  it('needs a registered profile, and a valid Basic badge for Advanced', () => {
    expect(startDecision(situation({ hasProfile: false }))).toMatchObject({ refusal: { code: 'PROFILE_REQUIRED' } });
    expect(startDecision(situation({ requires: { basicSlug: 'line-ads-basic', held: false } }))).toMatchObject({
      refusal: { code: 'BASIC_REQUIRED', basicSlug: 'line-ads-basic' },
    });
    expect(startDecision(situation({ requires: { basicSlug: 'line-ads-basic', held: true } }))).toEqual({ kind: 'start' });
  });

  it('waits out the cooldown after a failed attempt, and says when the next opens', () => {
    const finishedAt = new Date(now.getTime() - 3_600_000);
    expect(startDecision(situation({ attempt: attemptOf({ finishedAt, passed: false }) }))).toEqual({
      kind: 'refuse',
      refusal: { code: 'EXAM_COOLDOWN', opensAt: retakeOpensAt(finishedAt, 24) },
    });
    const longAgo = new Date(now.getTime() - 25 * 3_600_000);
    expect(startDecision(situation({ attempt: attemptOf({ finishedAt: longAgo, passed: false }) }))).toEqual({ kind: 'start' });
    expect(startDecision(situation({ attempt: attemptOf({ finishedAt, passed: true }) }))).toEqual({ kind: 'start' });
  });

  it('takes a held badge again only as its renewal: refused until 30 days before it expires, open from then and after it expired', () => {
    const DAY = 86_400_000;
    const expiringIn = (days: number) => ({ badgeExpiresAt: new Date(now.getTime() + days * DAY) });
    expect(startDecision(situation(expiringIn(31)))).toEqual({
      kind: 'refuse',
      refusal: { code: 'BADGE_HELD', expiresAt: new Date(now.getTime() + 31 * DAY), renewalOpensAt: new Date(now.getTime() + DAY) },
    });
    expect(startDecision(situation(expiringIn(30)))).toEqual({ kind: 'start' });
    expect(startDecision(situation(expiringIn(1)))).toEqual({ kind: 'start' });
    expect(startDecision(situation(expiringIn(-100)))).toEqual({ kind: 'start' });
    // A failed renewal waits out its cooldown like any attempt.
    expect(startDecision(situation({ ...expiringIn(10), attempt: attemptOf({ finishedAt: new Date(now.getTime() - 3_600_000), passed: false }) }))).toMatchObject({
      refusal: { code: 'EXAM_COOLDOWN' },
    });
  });
});

describe('pickForTopic: a learner’s next attempt avoids the questions of the last one', () => {
  const topic = Array.from({ length: 9 }, (_, index) => ({ questionId: `q${index + 1}` }));

  it('takes only unseen questions when there are enough of them', () => {
    const seen = new Set(['q1', 'q2', 'q3']);
    for (let seed = 1; seed <= 20; seed += 1) {
      const picked = pickForTopic(topic, 3, seen, seeded(seed)).map((question) => question.questionId);
      expect(picked).toHaveLength(3);
      expect(picked.some((id) => seen.has(id))).toBe(false);
    }
  });

  it('fills from the seen ones only what the unseen cannot, never more than asked', () => {
    const seen = new Set(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']);
    const picked = pickForTopic(topic, 4, seen, seeded(3)).map((question) => question.questionId);
    expect(picked).toHaveLength(4);
    expect(new Set(picked).size).toBe(4);
    expect(picked.filter((id) => !seen.has(id)).sort()).toEqual(['q8', 'q9']);
  });

  it('draws a full exam from a bank no bigger than the exam, whatever was seen', () => {
    const drawn = drawQuestions(BANK, { auction: 4, budget: 3 }, seeded(5), undefined, new Set(BANK.map((question) => question.questionId)));
    expect(drawn).toHaveLength(7);
  });

  it('never takes more than the topic needs, even when nothing was seen or everything was', () => {
    for (const seen of [new Set<string>(), new Set(topic.map((question) => question.questionId))]) {
      for (const count of [0, 1, 5, 9]) {
        const picked = pickForTopic(topic, count, seen, seeded(count + 1)).map((question) => question.questionId);
        expect(picked).toHaveLength(count);
        expect(new Set(picked).size).toBe(count);
      }
    }
  });

  it('is deterministic for an injected random source: the same seed picks the same questions in the same order', () => {
    const seen = new Set(['q2', 'q5', 'q8']);
    const pick = (seed: number) => pickForTopic(topic, 4, seen, seeded(seed)).map((question) => question.questionId);
    expect(pick(42)).toEqual(pick(42));
    // Only the injected source decides: with one that always says 0, the Fisher–Yates shuffle rotates the unseen left by one.
    expect(pickForTopic(topic, 3, seen, () => 0).map((question) => question.questionId)).toEqual(['q3', 'q4', 'q6']);
  });

  it('draws the seen ones too when no previous attempt is given (the draw before issue 35)', () => {
    const picks = new Set(Array.from({ length: 30 }, (_, seed) => pickForTopic(topic, 3, new Set(), seeded(seed + 1))).flat().map((question) => question.questionId));
    expect(picks.size).toBe(9);
  });

  it('is random among the unseen: different seeds give different picks', () => {
    const picks = new Set(Array.from({ length: 10 }, (_, seed) => pickForTopic(topic, 3, new Set(['q1']), seeded(seed + 1)).map((question) => question.questionId).join()));
    expect(picks.size).toBeGreaterThan(1);
  });
});
