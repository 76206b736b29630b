import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../database/connection';
import { aCourseWithBank, aLearner } from '../../../testing/exam-fixtures';
import { openPgliteStore } from '../../../testing/pglite-store';
import { examSessions } from '../certification.schema';
import { acceptsSubmitAt, attemptStanding, isOverdue, type LatestAttempt, overdueSessionsAt, retakeOpensAt, SUBMIT_GRACE_MS } from './exam-timing';

describe('isOverdue: running, past the deadline and its grace', () => {
  const now = new Date('2026-11-28T03:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms);

  it('holds from the first millisecond after the grace, for a running session only', () => {
    expect(isOverdue({ status: 'running', deadline: before(SUBMIT_GRACE_MS) }, now)).toBe(false);
    expect(isOverdue({ status: 'running', deadline: before(SUBMIT_GRACE_MS + 1) }, now)).toBe(true);
    expect(isOverdue({ status: 'running', deadline: before(-60_000) }, now)).toBe(false);
    for (const status of ['submitted', 'expired', 'graded']) expect(isOverdue({ status, deadline: before(3_600_000) }, now)).toBe(false);
  });

  it('is the end of what a submit is taken for', () => {
    for (const ms of [0, SUBMIT_GRACE_MS, SUBMIT_GRACE_MS + 1, 600_000]) {
      expect(acceptsSubmitAt(before(ms), now)).toBe(!isOverdue({ status: 'running', deadline: before(ms) }, now));
    }
  });

  it('selects in SQL exactly the rows it names (on PGlite)', async () => {
    const store = await openPgliteStore();
    try {
      const courseId = await aCourseWithBank(store, 'line-ads-basic', 1);
      const cases = [
        { status: 'running', ms: SUBMIT_GRACE_MS + 1 },
        { status: 'running', ms: SUBMIT_GRACE_MS },
        { status: 'running', ms: 0 },
        { status: 'running', ms: -60_000 },
        { status: 'expired', ms: 600_000 },
        { status: 'graded', ms: 600_000 },
      ] as const;
      const rows = [];
      for (const { status, ms } of cases) {
        // One running session per learner (the unique index): each case its own learner.
        const row = { id: randomUUID(), userId: await aLearner(store), courseId, status, questions: [], answers: {}, startedAt: before(3_600_000), deadline: before(ms), streamVersion: 1 };
        await store.db.insert(examSessions).values(row);
        rows.push(row);
      }
      const found = await rowsOf<{ id: string }>(store.db, sql`select id from exam_sessions where ${overdueSessionsAt(now)}`);
      expect(found.map((row) => row.id).sort()).toEqual(rows.filter((row) => isOverdue(row, now)).map((row) => row.id).sort());
      expect(found).toHaveLength(1);
    } finally {
      await store.connection.close();
    }
  });
});

describe('retakeOpensAt: the wait after a failed or expired attempt', () => {
  it('counts the course’s hours from the moment the attempt finished', () => {
    expect(retakeOpensAt(new Date('2026-11-28T03:00:00Z'), 24)).toEqual(new Date('2026-11-29T03:00:00Z'));
    expect(retakeOpensAt(new Date('2026-11-28T03:00:00Z'), 0)).toEqual(new Date('2026-11-28T03:00:00Z'));
  });
});

describe('attemptStanding: what the course and policy pages offer after the latest attempt', () => {
  const now = new Date('2026-11-28T03:00:00Z');
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  const attempt = (change: Partial<LatestAttempt>): LatestAttempt => ({ id: 's1', status: 'running', deadline: at(60), finishedAt: null, passed: null, ...change });

  it('offers the running session for resuming until its deadline, not a moment after', () => {
    expect(attemptStanding(attempt({}), 24, now)).toEqual({ kind: 'open', examSessionId: 's1', deadline: at(60) });
    expect(attemptStanding(attempt({ deadline: now }), 24, now)).toEqual({ kind: 'grading' });
    expect(attemptStanding(attempt({ deadline: at(-600) }), 24, now)).toEqual({ kind: 'grading' });
  });

  it('waits for the result of an attempt submitted or expired but not graded', () => {
    expect(attemptStanding(attempt({ status: 'submitted', finishedAt: at(-10) }), 24, now)).toEqual({ kind: 'grading' });
    expect(attemptStanding(attempt({ status: 'expired', finishedAt: at(-10) }), 24, now)).toEqual({ kind: 'grading' });
  });

  it('names the retake after a graded failure while its wait runs, and nothing after a pass or the wait', () => {
    expect(attemptStanding(attempt({ status: 'graded', finishedAt: at(-3600), passed: false }), 24, now)).toEqual({ kind: 'retakeWait', opensAt: at(23 * 3600) });
    expect(attemptStanding(attempt({ status: 'graded', finishedAt: at(-25 * 3600), passed: false }), 24, now)).toEqual({ kind: 'none' });
    expect(attemptStanding(attempt({ status: 'graded', finishedAt: at(-3600), passed: true }), 24, now)).toEqual({ kind: 'none' });
    expect(attemptStanding(null, 24, now)).toEqual({ kind: 'none' });
  });

  it('opens the retake at its moment exactly, not a millisecond later', () => {
    const failed = attempt({ status: 'graded', finishedAt: at(-24 * 3600 + 1), passed: false });
    expect(attemptStanding(failed, 24, now)).toEqual({ kind: 'retakeWait', opensAt: at(1) });
    expect(attemptStanding(attempt({ status: 'graded', finishedAt: at(-24 * 3600), passed: false }), 24, now)).toEqual({ kind: 'none' });
  });
});
