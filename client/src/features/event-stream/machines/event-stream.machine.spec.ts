import type { AdminEventPage, AdminEventView } from '@campus/contracts/admin-events';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import type { AdminEventPageRequest } from '../api/get-admin-events';
import {
  eventStreamMachine,
  GAP_FILL_MAX_PAGES,
  LIVE_ROW_LIMIT,
  selectConnection,
  selectHistoryStatus,
  selectIsLoadingMore,
  selectIsPaused,
  type EventStreamEvent,
} from './event-stream.machine';

const LEARNER = '0196a3c4-0000-7000-8000-00000000000a';
const OTHER = '0196a3c4-0000-7000-8000-00000000000b';

const anEvent = (seq: number, overrides: Partial<AdminEventView> = {}): AdminEventView => ({
  seq,
  type: 'LessonCompleted',
  streamType: 'user',
  streamId: LEARNER,
  actorId: LEARNER,
  userId: LEARNER,
  occurredAt: '2026-11-22T01:00:00.000Z',
  data: { lessonSlug: 'intro' },
  ...overrides,
});

/** Events from `from` down to `to`, newest first. */
const range = (from: number, to: number, overrides: Partial<AdminEventView> = {}) =>
  Array.from({ length: from - to + 1 }, (_, i) => anEvent(from - i, overrides));

const page = (items: AdminEventView[], nextBefore: number | null = null): AdminEventPage => ({ items, nextBefore });

type PendingPage = { input: AdminEventPageRequest; answer: ReturnType<typeof deferred<AdminEventPage>> };

function start({ types = Promise.resolve(['ExamStarted']) }: { types?: Promise<string[]> } = {}) {
  const requests: PendingPage[] = [];
  let push: ((event: EventStreamEvent) => void) | null = null;
  let unsubscribed = 0;
  const logic = eventStreamMachine.provide({
    actors: {
      loadPage: fromPromise<AdminEventPage, AdminEventPageRequest>(({ input }) => {
        const answer = deferred<AdminEventPage>();
        requests.push({ input, answer });
        return answer.promise;
      }),
      loadTypes: fromPromise<string[]>(() => types),
      watchEvents: fromCallback<EventStreamEvent>(({ sendBack }) => {
        push = sendBack;
        return () => {
          unsubscribed += 1;
        };
      }),
    },
  });
  const actor = createActor(logic).start();
  const context = () => actor.getSnapshot().context;
  const seqs = () => context().rows.map((row) => row.seq);
  /** Answers the oldest unanswered request. */
  const answer = async (value: AdminEventPage | Error) => {
    const pending = requests.find((request) => !(request as { done?: boolean }).done);
    if (!pending) throw new Error('no request is waiting');
    (pending as { done?: boolean }).done = true;
    if (value instanceof Error) pending.answer.reject(value);
    else pending.answer.resolve(value);
    await settle();
    return pending.input;
  };
  const receive = (event: AdminEventView) => push!({ type: 'EVENT_RECEIVED', event });
  return { actor, requests, context, seqs, answer, receive, socket: (event: EventStreamEvent) => push!(event), unsubscribed: () => unsubscribed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('eventStreamMachine', () => {
  it('loads the newest history page without filters, and the known types', async () => {
    const { actor, requests, answer, seqs, context } = start();
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('loading');
    expect(requests.map((request) => request.input)).toEqual([{ filters: { type: '', userId: '' }, before: null }]);

    await answer(page(range(60, 11), 11));

    expect(selectHistoryStatus(actor.getSnapshot())).toBe('ready');
    expect(seqs()).toEqual(range(60, 11).map((event) => event.seq));
    expect(context().nextBefore).toBe(11);
    expect(context().knownTypes).toEqual(['ExamStarted']);
  });

  it('shows pushed events newest first, once each, and learns their types', async () => {
    const { answer, receive, seqs, context } = start();
    // A push that arrives before the history answers is kept.
    receive(anEvent(12, { type: 'ExamSubmitted' }));
    await answer(page([anEvent(12), anEvent(10)]));
    receive(anEvent(11));
    receive(anEvent(12));
    receive(anEvent(14, { type: 'BadgeAwarded' }));

    expect(seqs()).toEqual([14, 12, 11, 10]);
    expect(context().knownTypes).toEqual(['BadgeAwarded', 'ExamStarted', 'ExamSubmitted', 'LessonCompleted']);
  });

  it('applies the filters to pushes: other types and other learners stay out, their types are still learnt', async () => {
    const { actor, requests, answer, receive, seqs, context } = start();
    await answer(page([]));

    actor.send({ type: 'SET_TYPE', value: 'ExamStarted' });
    expect(requests[1]!.input).toEqual({ filters: { type: 'ExamStarted', userId: '' }, before: null });
    await answer(page([anEvent(5, { type: 'ExamStarted' })]));

    receive(anEvent(6, { type: 'LessonCompleted' }));
    receive(anEvent(7, { type: 'ExamStarted', userId: OTHER }));
    expect(seqs()).toEqual([7, 5]);
    expect(context().knownTypes).toContain('LessonCompleted');

    actor.send({ type: 'SET_USER_ID', value: `  ${LEARNER.toUpperCase()} ` });
    // Typing alone changes nothing.
    expect(requests).toHaveLength(2);
    actor.send({ type: 'APPLY' });
    expect(requests[2]!.input.filters).toEqual({ type: 'ExamStarted', userId: LEARNER });
    // A new filter starts from an empty list.
    expect(seqs()).toEqual([]);
    await answer(page([anEvent(5, { type: 'ExamStarted' })]));

    receive(anEvent(8, { type: 'ExamStarted', userId: OTHER }));
    receive(anEvent(9, { type: 'ExamStarted', userId: LEARNER }));
    receive(anEvent(10, { type: 'ExamStarted', userId: null }));
    expect(seqs()).toEqual([9, 5]);

    actor.send({ type: 'CLEAR_FILTERS' });
    expect(requests[3]!.input.filters).toEqual({ type: '', userId: '' });
    expect(context().draft).toEqual({ type: '', userId: '' });
  });

  it('ignores the answer for filters that were replaced meanwhile', async () => {
    const { actor, requests, seqs } = start();
    actor.send({ type: 'SET_TYPE', value: 'BadgeAwarded' });
    expect(requests).toHaveLength(2);

    requests[0]!.answer.resolve(page([anEvent(3, { type: 'LessonCompleted' })]));
    await settle();
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('loading');
    expect(seqs()).toEqual([]);

    requests[1]!.answer.resolve(page([anEvent(2, { type: 'BadgeAwarded' })]));
    await settle();
    expect(seqs()).toEqual([2]);
  });

  it('buffers pushes while paused, counts them, and merges them on resume', async () => {
    const { actor, answer, receive, seqs, context } = start();
    await answer(page([anEvent(10)]));

    actor.send({ type: 'PAUSE' });
    expect(selectIsPaused(actor.getSnapshot())).toBe(true);
    receive(anEvent(11));
    receive(anEvent(13));
    receive(anEvent(11));
    // Already on screen: not new.
    receive(anEvent(10));
    receive(anEvent(12, { type: 'ExamStarted', userId: OTHER }));

    expect(seqs()).toEqual([10]);
    expect(context().buffer.map((event) => event.seq)).toEqual([13, 12, 11]);

    actor.send({ type: 'RESUME' });
    expect(selectIsPaused(actor.getSnapshot())).toBe(false);
    expect(seqs()).toEqual([13, 12, 11, 10]);
    expect(context().buffer).toEqual([]);
  });

  it(`keeps at most ${LIVE_ROW_LIMIT} rows live, and もっと見る continues below the oldest kept`, async () => {
    const { actor, answer, receive, seqs, context, requests } = start();
    await answer(page(range(50, 1)));
    expect(context().nextBefore).toBeNull();

    for (let seq = 51; seq <= LIVE_ROW_LIMIT + 10; seq += 1) receive(anEvent(seq));

    expect(context().rows).toHaveLength(LIVE_ROW_LIMIT);
    expect(seqs()[0]).toBe(LIVE_ROW_LIMIT + 10);
    expect(seqs()[LIVE_ROW_LIMIT - 1]).toBe(11);
    expect(context().nextBefore).toBe(11);

    actor.send({ type: 'LOAD_MORE' });
    expect(requests.at(-1)!.input.before).toBe(11);
  });

  it('pages back with もっと見る, then stops when the oldest event is shown', async () => {
    const { actor, requests, answer, seqs, context } = start();
    await answer(page(range(100, 51), 51));

    actor.send({ type: 'LOAD_MORE' });
    expect(selectIsLoadingMore(actor.getSnapshot())).toBe(true);
    // A second press while the page loads asks nothing more.
    actor.send({ type: 'LOAD_MORE' });
    expect(requests).toHaveLength(2);
    expect(requests[1]!.input).toEqual({ filters: { type: '', userId: '' }, before: 51 });
    await answer(page(range(50, 40)));

    expect(seqs()).toHaveLength(61);
    expect(seqs().at(-1)).toBe(40);
    expect(context().nextBefore).toBeNull();

    actor.send({ type: 'LOAD_MORE' });
    expect(requests).toHaveLength(2);
  });

  it('keeps the rows when もっと見る fails, says why, and lets the admin press again', async () => {
    const { actor, requests, answer, seqs, context } = start();
    await answer(page(range(100, 51), 51));

    actor.send({ type: 'LOAD_MORE' });
    await answer(new ApiError({ message: '通信できませんでした', status: 0, code: 'NETWORK_ERROR' }));

    expect(selectIsLoadingMore(actor.getSnapshot())).toBe(false);
    expect(context().moreError).toBe('通信できませんでした');
    expect(seqs()).toHaveLength(50);

    actor.send({ type: 'LOAD_MORE' });
    expect(context().moreError).toBeNull();
    expect(requests[2]!.input.before).toBe(51);
  });

  it('drops a もっと見る page when live rows moved the cursor meanwhile (it would leave a hole)', async () => {
    const { actor, answer, receive, context } = start();
    await answer(page(range(LIVE_ROW_LIMIT, 1), 1));
    // Pretend the server has older events below seq 1's cursor.
    actor.send({ type: 'LOAD_MORE' });
    receive(anEvent(LIVE_ROW_LIMIT + 1));
    expect(context().nextBefore).toBe(2);

    await answer(page([anEvent(0)]));

    expect(context().rows.some((event) => event.seq === 0)).toBe(false);
    expect(context().nextBefore).toBe(2);
  });

  it('shows why the history failed, with the wrong filter, and retries from scratch', async () => {
    const { actor, requests, answer, context, seqs } = start();
    actor.send({ type: 'SET_USER_ID', value: 'abc' });
    actor.send({ type: 'APPLY' });
    // The first page was asked for without filters: its late answer is dropped.
    await answer(page([]));
    await answer(new ApiError({ message: 'userId は UUID で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'userId' }));

    expect(selectHistoryStatus(actor.getSnapshot())).toBe('failed');
    expect(context().loadError).toEqual({ message: 'userId は UUID で指定してください', field: 'userId' });
    // What was typed stays in the form.
    expect(context().draft.userId).toBe('abc');

    actor.send({ type: 'SET_USER_ID', value: '' });
    actor.send({ type: 'APPLY' });
    await answer(page([anEvent(1)]));
    expect(context().loadError).toBeNull();
    expect(seqs()).toEqual([1]);

    actor.send({ type: 'RETRY' });
    expect(requests).toHaveLength(3);
    actor.send({ type: 'SET_TYPE', value: 'X' });
    await answer(new Error('boom'));
    expect(context().loadError).toEqual({ message: expect.any(String), field: null });
    actor.send({ type: 'RETRY' });
    expect(requests).toHaveLength(5);
    expect(requests[4]!.input.filters.type).toBe('X');
  });

  describe('connection and gap fill', () => {
    it('reports the connection and fills what was appended while the socket was down', async () => {
      const { actor, requests, answer, socket, seqs, receive } = start();
      await answer(page(range(100, 51), 51));
      expect(selectConnection(actor.getSnapshot())).toBe('connecting');

      socket({ type: 'SOCKET_CONNECTED' });
      expect(selectConnection(actor.getSnapshot())).toBe('connected');
      // The first page may be older than the socket: one page from the top settles it.
      expect(requests[1]!.input).toEqual({ filters: { type: '', userId: '' }, before: null });
      await answer(page(range(100, 51), 51));
      expect(seqs()).toHaveLength(50);

      receive(anEvent(101));
      socket({ type: 'SOCKET_DISCONNECTED' });
      expect(selectConnection(actor.getSnapshot())).toBe('reconnecting');

      socket({ type: 'SOCKET_CONNECTED' });
      expect(selectConnection(actor.getSnapshot())).toBe('connected');
      // 102–200 were appended meanwhile; 150 was pushed before the socket dropped, out of order.
      expect(requests[2]!.input.before).toBeNull();
      await answer(page(range(200, 151), 151));
      expect(requests[3]!.input.before).toBe(151);
      await answer(page(range(150, 101), 101));

      expect(requests).toHaveLength(4);
      expect(seqs()).toEqual(range(200, 51).map((event) => event.seq));
    });

    it('stitches small holes below the newest shown seq too', async () => {
      const { answer, socket, seqs, receive } = start();
      await answer(page([anEvent(10)]));
      socket({ type: 'SOCKET_CONNECTED' });
      await answer(page([anEvent(10)]));
      receive(anEvent(13));
      socket({ type: 'SOCKET_DISCONNECTED' });
      socket({ type: 'SOCKET_CONNECTED' });
      await answer(page([anEvent(14), anEvent(13), anEvent(12), anEvent(11), anEvent(10)]));
      expect(seqs()).toEqual([14, 13, 12, 11, 10]);
    });

    it('puts filled events in the buffer while paused, but not the holes below the newest shown', async () => {
      const { actor, answer, socket, seqs, context, receive } = start();
      await answer(page([anEvent(10)]));
      receive(anEvent(12));
      actor.send({ type: 'PAUSE' });
      socket({ type: 'SOCKET_CONNECTED' });
      await answer(page([anEvent(14), anEvent(13), anEvent(12), anEvent(11), anEvent(10)]));

      expect(seqs()).toEqual([12, 11, 10]);
      expect(context().buffer.map((event) => event.seq)).toEqual([14, 13]);
    });

    it('starts the list again from the newest when the gap is too wide to stitch', async () => {
      const { actor, answer, socket, seqs, context, requests } = start();
      await answer(page(range(50, 1)));
      actor.send({ type: 'PAUSE' });
      socket({ type: 'SOCKET_CONNECTED' });
      let top = 50 * (GAP_FILL_MAX_PAGES + 2);
      for (let i = 0; i < GAP_FILL_MAX_PAGES; i += 1) {
        await answer(page(range(top, top - 49), top - 49));
        top -= 50;
      }

      expect(requests).toHaveLength(GAP_FILL_MAX_PAGES + 1);
      expect(context().rows).toHaveLength(LIVE_ROW_LIMIT);
      expect(seqs()[0]).toBe(50 * (GAP_FILL_MAX_PAGES + 2));
      expect(context().nextBefore).toBe(top + 1);
      expect(context().buffer).toEqual([]);
    });

    it('fills after the history page when the socket connects while it loads', async () => {
      const { requests, answer, socket, seqs } = start();
      socket({ type: 'SOCKET_CONNECTED' });
      expect(requests).toHaveLength(1);
      await answer(page([anEvent(5)]));
      expect(requests).toHaveLength(2);
      await answer(page([anEvent(6), anEvent(5)]));
      expect(seqs()).toEqual([6, 5]);
    });

    it('fills after もっと見る when the socket reconnects while it loads', async () => {
      const { actor, requests, answer, socket } = start();
      await answer(page(range(100, 51), 51));
      actor.send({ type: 'LOAD_MORE' });
      socket({ type: 'SOCKET_CONNECTED' });
      expect(requests).toHaveLength(2);
      await answer(page(range(50, 1)));
      expect(requests).toHaveLength(3);
      expect(requests[2]!.input.before).toBeNull();
    });

    it('says so when the fill fails, and fills again on request', async () => {
      const { actor, requests, answer, socket, context, seqs } = start();
      await answer(page([anEvent(1)]));
      socket({ type: 'SOCKET_CONNECTED' });
      await answer(new Error('offline'));
      expect(context().gapFailed).toBe(true);

      actor.send({ type: 'FILL_GAP' });
      expect(context().gapFailed).toBe(false);
      await answer(page([anEvent(2), anEvent(1)]));
      expect(requests).toHaveLength(3);
      expect(seqs()).toEqual([2, 1]);
    });

    it('stops listening to the socket when stopped', () => {
      const { actor, unsubscribed } = start();
      actor.stop();
      expect(unsubscribed()).toBe(1);
    });
  });

  it('keeps working without the type list', async () => {
    const { answer, context, receive } = start({ types: Promise.reject(new Error('offline')) });
    await answer(page([]));
    receive(anEvent(1, { type: 'CertificateIssued' }));
    expect(context().knownTypes).toEqual(['CertificateIssued']);
  });
});
