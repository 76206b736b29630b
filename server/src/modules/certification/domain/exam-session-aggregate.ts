import type { ExamScore, FrozenQuestion } from '../certification.schema.js';
import { AppError, notFound } from '../../../core/errors/app-error.js';
import { badgeExpiresAt, renewedBadgeExpiresAt } from './badge-validity.js';
import type { ExamResult } from '../../../contracts/exams.js';
import type { DomainEvent } from '../../../database/event-store.js';
import { AnswerSaved, BadgeAwarded, ExamExpired, ExamGraded, ExamStarted, ExamSubmitted } from '../events.js';
import { acceptsSubmitAt, isOverdue } from './exam-timing.js';
import {
  type AnswerableQuestion,
  type Answers,
  type BankQuestion,
  deadlineOf,
  drawQuestions,
  type Random,
  scoreExam,
  validChoices,
} from './exam-session.js';

/** Spec §8: the time-out variant of the submit-failure message. */
export const SUBMIT_TIMED_OUT_MESSAGE = '試験時間を過ぎたため、解答を送信できませんでした。24時間後に再度受験してください。';
const ANSWER_TIMED_OUT_MESSAGE = '試験の終了時刻を過ぎたため、解答を保存できませんでした。';

export type ExamSessionStatus = 'running' | 'submitted' | 'expired' | 'graded';

/** Everything the session is, as its read table keeps it. */
export interface ExamSessionState {
  id: string;
  userId: string;
  courseId: string;
  status: ExamSessionStatus;
  questions: FrozenQuestion[];
  answers: Answers;
  startedAt: Date;
  deadline: Date;
  finishedAt: Date | null;
  passed: boolean | null;
  score: ExamScore | null;
}

const answerTimedOut = () => new AppError('EXAM_TIME_OVER', ANSWER_TIMED_OUT_MESSAGE);

/** What answering reads of a running session; all of it is fixed when the session starts. */
export interface AnswerSheet {
  deadline: Date;
  questions: readonly (AnswerableQuestion & { questionId: string })[];
}

/**
 * The answer rules of a running session: within its deadline and grace, a question of its own, and
 * that question's choices (one only for a single-choice question). The answer it makes, or the refusal.
 * The aggregate applies them, and so does the save's one-statement path, which checks `running` in SQL.
 */
export function answerOf(sheet: AnswerSheet, questionId: string, choiceIds: readonly string[], now: Date): AnswerSaved {
  if (!acceptsSubmitAt(sheet.deadline, now)) throw answerTimedOut();
  const question = sheet.questions.find((candidate) => candidate.questionId === questionId);
  if (!question) throw notFound('問題');
  const chosen = validChoices(question, choiceIds);
  if (!chosen) throw new AppError('VALIDATION_FAILED', 'この問題の選択肢から選んでください', 'choiceIds');
  return new AnswerSaved({ questionId, choiceIds: chosen, savedAt: now.toISOString() });
}

/** What grading needs to know of the course. */
export interface GradingCourse {
  slug: string;
  passPercent: number;
  badgeValidMonths: number | null;
  /** The expiry of the badge the learner holds (or held) for this course: a pass renews it. Null when never awarded. */
  heldBadgeExpiresAt: Date | null;
  /** Builds what the result page shows (topic names, the next attempt), carried in ExamGraded. */
  resultOf(score: ExamScore, finishedAt: Date): ExamResult;
}

/**
 * One learner's attempt at a certification exam and every rule of it: start, answer, submit, expire
 * and grade each check the session's invariants (running, within the deadline and its grace, choices
 * of its own questions, graded once) and record the events that say what happened. The repository
 * (`exam-session.repository.ts`) loads it at its stream version and saves the recorded events with the
 * read table, so no handler bumps a version or restates a rule.
 */
export class ExamSession {
  private readonly recorded: DomainEvent[] = [];

  private constructor(
    private current: ExamSessionState,
    /** The stream version it was loaded at (0 for a new session). */
    readonly loadedVersion: number,
  ) {}

  static fromState(state: ExamSessionState, version: number): ExamSession {
    return new ExamSession(state, version);
  }

  /**
   * Draws and freezes the questions and fixes the deadline, with the learner's extra time (their exam
   * accommodation at this start); the start rules (`startDecision`) come first.
   */
  static start(input: {
    id: string;
    userId: string;
    course: { id: string; slug: string; minutes: number; topics: Record<string, number> };
    extraMinutes: number;
    bank: readonly BankQuestion[];
    /** The question ids of the learner's previous attempt at this course, drawn again only when the bank is short. */
    seenBefore?: ReadonlySet<string>;
    now: Date;
    random: Random;
  }): ExamSession {
    const { id, userId, course, extraMinutes, now } = input;
    const questions = drawQuestions(input.bank, course.topics, input.random, undefined, input.seenBefore);
    const deadline = deadlineOf(now, course.minutes, extraMinutes);
    const session = new ExamSession(
      { id, userId, courseId: course.id, status: 'running', questions, answers: {}, startedAt: now, deadline, finishedAt: null, passed: null, score: null },
      0,
    );
    session.recorded.push(
      new ExamStarted({
        userId,
        courseId: course.id,
        courseSlug: course.slug,
        startedAt: now.toISOString(),
        deadline: deadline.toISOString(),
        extraMinutes,
        questionIds: questions.map((q) => q.questionId),
      }),
    );
    return session;
  }

  get state(): Readonly<ExamSessionState> {
    return this.current;
  }

  /** The events recorded since it was loaded, in order. */
  get changes(): readonly DomainEvent[] {
    return this.recorded;
  }

  /** Keeps one answer by `answerOf`'s rules, once the session is known to be running. */
  answer(questionId: string, choiceIds: readonly string[], now: Date): AnswerSaved {
    if (this.current.status !== 'running') throw answerTimedOut();
    const answer = answerOf(this.current, questionId, choiceIds, now);
    this.current = { ...this.current, answers: { ...this.current.answers, [questionId]: answer.data.choiceIds } };
    return this.record(answer);
  }

  /**
   * Ends the attempt with the saved answers and those sent with it. A session already finished is left
   * as it is: a repeated submit answers the same submission.
   */
  submit(answers: Answers, now: Date): { status: Exclude<ExamSessionStatus, 'running'>; finishedAt: Date } {
    const { status, finishedAt: finished, deadline } = this.current;
    if (status !== 'running') return { status, finishedAt: finished ?? deadline };
    if (!this.takesAnswersAt(now)) throw new AppError('EXAM_TIME_OVER', SUBMIT_TIMED_OUT_MESSAGE);
    const merged = { ...this.current.answers };
    for (const [questionId, choiceIds] of Object.entries(answers)) {
      const question = this.current.questions.find((candidate) => candidate.questionId === questionId);
      const chosen = question && validChoices(question, choiceIds);
      if (!chosen) throw new AppError('VALIDATION_FAILED', `解答が問題と合いません: ${questionId}`, 'answers');
      merged[questionId] = chosen;
    }
    // A submit inside the grace period still finishes at the deadline at the latest.
    const finishedAt = now > this.current.deadline ? this.current.deadline : now;
    this.current = { ...this.current, status: 'submitted', answers: merged, finishedAt };
    this.record(new ExamSubmitted({ finishedAt: finishedAt.toISOString(), answeredCount: Object.keys(merged).length }));
    return { status: 'submitted', finishedAt };
  }

  /** A running session past its deadline and grace ends at its deadline with what was saved; else nothing happens. */
  expire(now: Date, courseSlug: string): boolean {
    if (!isOverdue(this.current, now)) return false;
    const finishedAt = this.current.deadline;
    this.current = { ...this.current, status: 'expired', finishedAt };
    this.record(
      new ExamExpired({ finishedAt: finishedAt.toISOString(), answeredCount: Object.keys(this.current.answers).length, userId: this.current.userId, courseSlug }),
    );
    return true;
  }

  /**
   * Scores a finished session once; a pass awards the badge, valid for the course's months from now, or
   * renews the one held (its line goes on, counted from its old expiry while that is ahead).
   */
  grade(course: GradingCourse, now: Date): { awardedAt: Date; expiresAt: Date } | null {
    const { status, questions, answers, userId, courseId, deadline } = this.current;
    if (status !== 'submitted' && status !== 'expired') return null;
    const score = scoreExam(questions, answers, course.passPercent);
    const finishedAt = this.current.finishedAt ?? deadline;
    this.current = { ...this.current, status: 'graded', passed: score.passed, score };
    // The result rides in the event, so the push that follows it needs no read and the page no refetch.
    const result = course.resultOf(score, finishedAt);
    this.record(
      new ExamGraded({ userId, courseId, passed: score.passed, percent: score.percent, correct: score.correct, total: score.total, courseSlug: course.slug, result }),
    );
    if (!score.passed) return null;
    const held = course.heldBadgeExpiresAt;
    const expiresAt = held ? renewedBadgeExpiresAt(held, now, course.badgeValidMonths) : badgeExpiresAt(now, course.badgeValidMonths);
    this.record(
      new BadgeAwarded({ userId, courseId, awardedAt: now.toISOString(), expiresAt: expiresAt.toISOString(), ...(held ? { renewedExpiresAt: held.toISOString() } : {}) }),
    );
    return { awardedAt: now, expiresAt };
  }

  private takesAnswersAt(now: Date): boolean {
    return this.current.status === 'running' && acceptsSubmitAt(this.current.deadline, now);
  }

  private record<T extends DomainEvent>(event: T): T {
    this.recorded.push(event);
    return event;
  }
}
