import { act, render, screen } from '@testing-library/react';
import { assign, createActor, setup, type ActorRefFrom } from 'xstate';
import { timeAnnouncement } from '../exam-clock';
import type { examSessionMachine, ExamSessionContext } from '../machines/exam-session.machine';
import { ExamStatusBar } from './exam-status-bar';

/** Only what the status bar reads of the session: the clock and the save queue. */
type ClockContext = Pick<ExamSessionContext, 'deadline' | 'offsetMs' | 'clientNow' | 'queue' | 'online' | 'saveFailures'>;

const DEADLINE = 1_800_000_000_000;

function renderAt(remainingMs: number) {
  const clock = setup({ types: { context: {} as ClockContext, events: {} as { type: 'TICK'; remainingMs: number } } }).createMachine({
    context: { deadline: DEADLINE, offsetMs: 0, clientNow: DEADLINE - remainingMs, queue: [], online: true, saveFailures: 0 },
    on: { TICK: { actions: assign({ clientNow: ({ event }) => DEADLINE - event.remainingMs }) } },
  });
  const actor = createActor(clock).start();
  const { container } = render(<ExamStatusBar actor={actor as unknown as ActorRefFrom<typeof examSessionMachine>} />);
  const liveRegions = () => Array.from(container.querySelectorAll('[aria-live]')).filter((element) => element.getAttribute('aria-live') !== 'off');
  const announcement = () => container.querySelector('[aria-live="polite"]:not([role])')!.textContent;
  return { tick: (ms: number) => act(() => actor.send({ type: 'TICK', remainingMs: ms })), liveRegions, announcement };
}

describe('timeAnnouncement', () => {
  it.each([
    [30 * 60_000, ''],
    [10 * 60_000 + 1, ''],
    [10 * 60_000, '残り10分です。'],
    [5 * 60_000 + 1, '残り10分です。'],
    [5 * 60_000, '残り5分です。'],
    [60_001, '残り5分です。'],
    [60_000, '残り1分です。'],
    [0, '残り1分です。'],
  ])('with %i ms left says %j', (remainingMs, text) => {
    expect(timeAnnouncement(remainingMs)).toBe(text);
  });
});

describe('ExamStatusBar', () => {
  it('announces the time at 10, 5 and 1 minutes left only; the visible countdown is not live', () => {
    const view = renderAt(12 * 60_000);
    const timer = screen.getByRole('timer', { name: '残り時間' });
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(timer.textContent).toBe('12:00');

    // Second by second from 12:00 to 0:00: note every moment the live announcement changes.
    const changes: { at: number; text: string | null }[] = [];
    let last = view.announcement();
    expect(last).toBe('');
    for (let seconds = 12 * 60 - 1; seconds >= 0; seconds -= 1) {
      view.tick(seconds * 1000);
      const now = view.announcement();
      if (now !== last) changes.push({ at: seconds, text: now });
      last = now;
    }
    expect(changes).toEqual([
      { at: 600, text: '残り10分です。' },
      { at: 300, text: '残り5分です。' },
      { at: 60, text: '残り1分です。' },
    ]);
    expect(timer.textContent).toBe('00:00');
    // The announcement is the one element aria-live makes speak (the save state is a role=status of its own).
    expect(view.liveRegions().map((element) => element.getAttribute('role') ?? 'announcement')).toEqual(['announcement']);
  });
});
