import { attemptStanding, type LatestAttempt } from './exam-timing';

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
});
