/**
 * The exam's rules, free of I/O (ARCHITECTURE §4 "Exams"): which questions a session gets, when it
 * ends, whether a start or a submit is allowed, and how answers are scored. The server clock is the
 * only clock: every rule takes `now` from its caller.
 */
import { randomBytes } from 'node:crypto';
import { renewalOpensAt } from './badge-validity.js';
import { type AttemptStanding, isOpenAt } from './exam-timing.js';
import type { ExamScore, FrozenChoice, FrozenQuestion, TopicScore } from '../certification.schema.js';

/** A question as the course's bank holds it. */
export interface BankQuestion {
  questionId: string;
  topic: string;
  type: 'single' | 'multiple';
  prompt: string;
  choices: { text: string; correct: boolean }[];
  /** The published version the bank holds (absent where a caller has none, as the content pack before import). */
  version?: number;
}

/** What the learner sees of a frozen question: nothing that hints at the answer. */
export interface PublicQuestion {
  questionId: string;
  type: 'single' | 'multiple';
  prompt: string;
  choices: { choiceId: string; text: string }[];
}

/** Answers by question id: the chosen choice ids. */
export type Answers = Record<string, string[]>;


/** A random number in [0, 1); injected so tests draw deterministically. */
export type Random = () => number;

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** A choice id no one can guess or carry to another session: 48 random bits. */
export const sessionChoiceId = (): string => randomBytes(6).toString('base64url');

/**
 * One topic's questions: at random among those the learner did not see in their previous attempt, and
 * only when those are too few, the rest at random among the seen ones (a small bank still fills the exam).
 */
export function pickForTopic<Q extends { questionId: string }>(candidates: readonly Q[], count: number, seenBefore: ReadonlySet<string>, random: Random): Q[] {
  const unseen = shuffled(
    candidates.filter((question) => !seenBefore.has(question.questionId)),
    random,
  );
  if (unseen.length >= count) return unseen.slice(0, count);
  const seen = shuffled(
    candidates.filter((question) => seenBefore.has(question.questionId)),
    random,
  );
  return [...unseen, ...seen.slice(0, count - unseen.length)];
}

/**
 * Draws each topic's count from the bank (avoiding, where the bank allows, the questions of the learner's
 * previous attempt: `seenBefore`), then shuffles the questions and each question's choices, giving every
 * choice an id unique within the session (`newChoiceId` is injected so tests can name them).
 */
export function drawQuestions(
  bank: readonly BankQuestion[],
  topics: Record<string, number>,
  random: Random,
  newChoiceId: () => string = sessionChoiceId,
  seenBefore: ReadonlySet<string> = new Set(),
): FrozenQuestion[] {
  const drawn = Object.entries(topics).flatMap(([topic, count]) => {
    const candidates = bank.filter((question) => question.topic === topic);
    if (candidates.length < count) throw new Error(`topic ${topic}: ${count} questions wanted, ${candidates.length} in the bank`);
    return pickForTopic(candidates, count, seenBefore, random);
  });
  const used = new Set<string>();
  const uniqueChoiceId = (): string => {
    let choiceId = newChoiceId();
    while (used.has(choiceId)) choiceId = newChoiceId();
    used.add(choiceId);
    return choiceId;
  };
  return shuffled(drawn, random).map((question) => ({
    questionId: question.questionId,
    topic: question.topic,
    type: question.type,
    prompt: question.prompt,
    choices: shuffled(
      question.choices.map((choice, index) => ({ choiceId: uniqueChoiceId(), bankChoiceId: `c${index + 1}`, text: choice.text, correct: choice.correct })),
      random,
    ),
    ...(question.version === undefined ? {} : { version: question.version }),
  }));
}

export const publicQuestion = ({ questionId, type, prompt, choices }: FrozenQuestion): PublicQuestion => ({
  questionId,
  type,
  prompt,
  choices: choices.map(({ choiceId, text }) => ({ choiceId, text })),
});

/** What an answer is checked against: the question's type and its choices' ids. */
export type AnswerableQuestion = Pick<FrozenQuestion, 'type'> & { choices: readonly Pick<FrozenChoice, 'choiceId'>[] };

/** The chosen choices without repeats, or null when they are not this question's or too many for a single choice. */
export function validChoices(question: AnswerableQuestion, choiceIds: readonly string[]): string[] | null {
  const chosen = [...new Set(choiceIds)];
  const known = new Set(question.choices.map((choice) => choice.choiceId));
  if (chosen.some((choiceId) => !known.has(choiceId))) return null;
  return question.type === 'single' && chosen.length > 1 ? null : chosen;
}

/** The session's deadline: its duration from the start, plus any extra time the learner is granted. */
export const deadlineOf = (startedAt: Date, minutes: number, extraMinutes = 0): Date => new Date(startedAt.getTime() + (minutes + extraMinutes) * 60_000);


/** A question is right when exactly its correct choices were chosen (one for single choice). */
function isRight(question: FrozenQuestion, chosen: readonly string[] | undefined): boolean {
  const wanted = question.choices.filter((choice) => choice.correct).map((choice) => choice.choiceId);
  const picked = new Set(chosen ?? []);
  return picked.size === wanted.length && wanted.every((choiceId) => picked.has(choiceId));
}

/** Each frozen question, right or not as grading scores it: what the exam analytics count. */
export interface QuestionOutcome {
  questionId: string;
  topic: string;
  prompt: string;
  correct: boolean;
}

export const questionOutcomes = (questions: readonly FrozenQuestion[], answers: Answers): QuestionOutcome[] =>
  questions.map((question) => ({ questionId: question.questionId, topic: question.topic, prompt: question.prompt, correct: isRight(question, answers[question.questionId]) }));

export function scoreExam(questions: readonly FrozenQuestion[], answers: Answers, passPercent: number): ExamScore {
  const topics = new Map<string, TopicScore>();
  let correct = 0;
  for (const outcome of questionOutcomes(questions, answers)) {
    const topic = topics.get(outcome.topic) ?? { topic: outcome.topic, correct: 0, total: 0 };
    topic.total += 1;
    if (outcome.correct) {
      topic.correct += 1;
      correct += 1;
    }
    topics.set(outcome.topic, topic);
  }
  const total = questions.length;
  const percent = total === 0 ? 0 : Math.floor((correct / total) * 100);
  return { correct, total, percent, passed: total > 0 && percent >= passPercent, topics: [...topics.values()] };
}

/** Why an exam cannot start now (each is an error code of the API). */
export type StartRefusal =
  | { code: 'PROFILE_REQUIRED' }
  | { code: 'BASIC_REQUIRED'; basicSlug: string }
  | { code: 'EXAM_IN_PROGRESS'; courseSlug: string }
  | { code: 'EXAM_COOLDOWN'; opensAt: Date }
  | { code: 'EXAM_GRADING' }
  | { code: 'BADGE_HELD'; expiresAt: Date; renewalOpensAt: Date };

export interface StartSituation {
  hasProfile: boolean;
  /** For Advanced courses: the Basic course, and whether the learner holds its badge unexpired. */
  requires: { basicSlug: string; held: boolean } | null;
  /** This course's latest attempt, as `examStanding` reads it for every page (`attemptStanding`). */
  attempt: AttemptStanding;
  /** The learner's session of another course whose row still says running, if any: open until its deadline. */
  runningElsewhere: { courseSlug: string; deadline: Date } | null;
  /** The expiry of the learner's badge of this course, valid or expired; null when never awarded. */
  badgeExpiresAt: Date | null;
  now: Date;
}

/**
 * The start rules, in the order the learner is told about them. `resume` means the same course's
 * session is open and is handed back instead of a new one.
 */
export function startDecision(situation: StartSituation): { kind: 'start' } | { kind: 'resume' } | { kind: 'refuse'; refusal: StartRefusal } {
  const { attempt, runningElsewhere, badgeExpiresAt, now } = situation;
  if (attempt.kind === 'open') return { kind: 'resume' };
  if (runningElsewhere && isOpenAt(runningElsewhere.deadline, now)) return { kind: 'refuse', refusal: { code: 'EXAM_IN_PROGRESS', courseSlug: runningElsewhere.courseSlug } };
  // Time is up but the result is not known yet (a submit may still land in the grace, grading follows):
  // nothing is offered until it is, so no page promises a start the result would then forbid.
  if (runningElsewhere || attempt.kind === 'grading') return { kind: 'refuse', refusal: { code: 'EXAM_GRADING' } };
  if (!situation.hasProfile) return { kind: 'refuse', refusal: { code: 'PROFILE_REQUIRED' } };
  if (situation.requires && !situation.requires.held) return { kind: 'refuse', refusal: { code: 'BASIC_REQUIRED', basicSlug: situation.requires.basicSlug } };
  // A badge still valid is taken again only as its renewal (更新受験), from 30 days before it expires.
  if (badgeExpiresAt && renewalOpensAt(badgeExpiresAt) > now) {
    return { kind: 'refuse', refusal: { code: 'BADGE_HELD', expiresAt: badgeExpiresAt, renewalOpensAt: renewalOpensAt(badgeExpiresAt) } };
  }
  if (attempt.kind === 'retakeWait') return { kind: 'refuse', refusal: { code: 'EXAM_COOLDOWN', opensAt: attempt.opensAt } };
  return { kind: 'start' };
}
