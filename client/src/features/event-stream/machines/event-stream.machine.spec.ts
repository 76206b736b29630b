import type { AdminEventFeed, AdminEventPage, AdminEventView } from '@campus/contracts/admin-events';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import type { AdminEventPageRequest } from '../api/get-admin-events';
import {
  eventStreamMachine,
  LIVE_ROW_LIMIT,
  selectConnection,
  selectFeedFailed,
  selectHistoryStatus,
  selectIsCatchingUp,
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

/** A history page; its feed cursor is named after the newest seq it shows (the real one is opaque). */
const page = (items: AdminEventView[], nextBefore: number | null = null, feedCursor = `page-${items[0]?.seq ?? 0}`): AdminEventPage => ({ items, nextBefore, feedCursor });

/** A feed answer, oldest first as the server sends them. */
const feed = (items: AdminEventView[], { cursor = `feed-${items.at(-1)?.seq ?? 'same'}`, caughtUp = true, held = false } = {}): AdminEventFeed => ({
  items,
  cursor,
  caughtUp,
  held,
});

type Pending<I, O> = { input: I; answer: ReturnType<typeof deferred<O>>; done?: boolean };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers the oldest unanswered request of `queue`. */
async function answerOldest<I, O>(queue: Pending<I, O>[], value: O | Error): Promise<I> {
  const pending = queue.find((request) => !request.done);
  if (!pending) throw new Error('no request is waiting');
  pending.done = true;
  if (value instanceof Error) pending.answer.reject(value);
  else pending.answer.resolve(value);
  await settle();
  return pending.input;
}

/** Timers long enough not to fire during a test unless it shortens them. */
const QUIET_DELAYS = { FEED_POLL: 60_000, FEED_HELD_RETRY: 60_000, FEED_RETRY: 60_000 };

function start({ types = Promise.resolve(['ExamStarted']), delays = {} }: { types?: Promise<string[]>; delays?: Partial<typeof QUIET_DELAYS> } = {}) {
  const requests: Pending<AdminEventPageRequest, AdminEventPage>[] = [];
  const reads: Pending<{ after: string }, AdminEventFeed>[] = [];
  let push: ((event: EventStreamEvent) => void) | null = null;
  let unsubscribed = 0;
  const logic = eventStreamMachine.provide({
    actors: {
      loadPage: fromPromise<AdminEventPage, AdminEventPageRequest>(({ input }) => {
        const answer = deferred<AdminEventPage>();
        requests.push({ input, answer });
        return answer.promise;
      }),
      readFeed: fromPromise<AdminEventFeed, { after: string }>(({ input }) => {
        const answer = deferred<AdminEventFeed>();
        reads.push({ input, answer });
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
    delays: { ...QUIET_DELAYS, ...delays },
  });
  const actor = createActor(logic).start();
  const context = () => actor.getSnapshot().context;
  const seqs = () => context().rows.map((row) => row.seq);
  const answer = (value: AdminEventPage | Error) => answerOldest(requests, value);
  /** Answers the feed read waiting now. */
  const deliver = (value: AdminEventFeed | Error) => answerOldest(reads, value);
  /** The cursors the feed was read after, in order. */
  const readCursors = () => reads.map((read) => read.input.after);
  const pendingReads = () => reads.filter((read) => !read.done).length;
  const socket = (event: EventStreamEvent) => push!(event);
  const hint = () => socket({ type: 'EVENTS_COMMITTED' });
  return { actor, requests, context, seqs, answer, deliver, readCursors, pendingReads, socket, hint, unsubscribed: () => unsubscribed };
}

describe('eventStreamMachine', () => {
  it('loads the newest history page without filters and the known types, then follows the feed from the page’s cursor', async () => {
    const { actor, requests, answer, seqs, context, readCursors } = start();
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('loading');
    expect(requests.map((request) => request.input)).toEqual([{ filters: { type: '', userId: '' }, before: null }]);
    // Nothing to go on from yet.
    expect(readCursors()).toEqual([]);

    await answer(page(range(60, 11), 11));

    expect(selectHistoryStatus(actor.getSnapshot())).toBe('ready');
    expect(seqs()).toEqual(range(60, 11).map((event) => event.seq));
    expect(context().nextBefore).toBe(11);
    expect(context().knownTypes).toEqual(['ExamStarted']);
    expect(readCursors()).toEqual(['page-60']);
  });

  it('shows what the feed brings newest first, once each, and learns its types', async () => {
    const { answer, deliver, hint, seqs, context, readCursors } = start();
    await answer(page([anEvent(12), anEvent(10)]));
    // Committed while the page was read: 12 again, and 11, a lower seq whose transaction ended later.
    await deliver(feed([anEvent(12), anEvent(11), anEvent(14, { type: 'BadgeAwarded' })]));
    expect(seqs()).toEqual([14, 12, 11, 10]);
    expect(context().knownTypes).toEqual(['BadgeAwarded', 'ExamStarted', 'LessonCompleted']);

    hint();
    await deliver(feed([anEvent(15, { type: 'ExamSubmitted' })]));
    expect(seqs()).toEqual([15, 14, 12, 11, 10]);
    expect(readCursors()).toEqual(['page-12', 'feed-14']);
  });

  it('reads on every hint, one read at a time: a hint during a read makes one more read right after it', async () => {
    const { answer, deliver, hint, readCursors, pendingReads } = start();
    await answer(page([anEvent(1)]));
    await deliver(feed([]));
    expect(pendingReads()).toBe(0);

    hint();
    expect(pendingReads()).toBe(1);
    hint();
    hint();
    expect(pendingReads()).toBe(1);
    await deliver(feed([anEvent(2)]));
    expect(pendingReads()).toBe(1);
    await deliver(feed([]));
    expect(pendingReads()).toBe(0);
    expect(readCursors()).toEqual(['page-1', 'feed-same', 'feed-2']);
  });

  it('reads on at once while the feed is not caught up, and says it is catching up meanwhile', async () => {
    const { actor, answer, deliver, seqs, readCursors } = start();
    await answer(page([anEvent(1)]));
    await deliver(feed(range(201, 2).reverse(), { caughtUp: false }));
    expect(selectIsCatchingUp(actor.getSnapshot())).toBe(true);
    await deliver(feed(range(250, 202).reverse()));
    expect(selectIsCatchingUp(actor.getSnapshot())).toBe(false);
    expect(seqs()).toEqual(range(250, 1).map((event) => event.seq));
    expect(readCursors()).toEqual(['page-1', 'feed-201']);
  });

  it('after a reconnect, catches up from its cursor: what was committed meanwhile comes once, in order, hinted or not', async () => {
    const { actor, answer, deliver, socket, seqs, readCursors } = start();
    await answer(page(range(100, 51), 51));
    expect(selectConnection(actor.getSnapshot())).toBe('connecting');
    socket({ type: 'SOCKET_CONNECTED' });
    expect(selectConnection(actor.getSnapshot())).toBe('connected');
    // The read the page started is under way: the connect only asks for one more after it.
    await deliver(feed([anEvent(101)]));
    await deliver(feed([]));
    expect(selectIsCatchingUp(actor.getSnapshot())).toBe(false);

    socket({ type: 'SOCKET_DISCONNECTED' });
    expect(selectConnection(actor.getSnapshot())).toBe('reconnecting');
    socket({ type: 'SOCKET_CONNECTED' });
    expect(selectConnection(actor.getSnapshot())).toBe('connected');
    expect(selectIsCatchingUp(actor.getSnapshot())).toBe(true);
    await deliver(feed(range(150, 102).reverse()));
    expect(selectIsCatchingUp(actor.getSnapshot())).toBe(false);
    expect(seqs()).toEqual(range(150, 51).map((event) => event.seq));
    expect(readCursors()).toEqual(['page-100', 'feed-101', 'feed-same']);
  });

  it('reads without a hint every FEED_POLL (a hint dies with a process killed right after its commit)', async () => {
    const { answer, deliver, readCursors, pendingReads, seqs } = start({ delays: { FEED_POLL: 20 } });
    await answer(page([anEvent(1)]));
    await deliver(feed([]));
    expect(pendingReads()).toBe(0);
    await wait(40);
    expect(pendingReads()).toBe(1);
    await deliver(feed([anEvent(2)]));
    expect(seqs()).toEqual([2, 1]);
    expect(readCursors()).toEqual(['page-1', 'feed-same']);
  });

  it('asks again shortly while events are held behind a transaction still open', async () => {
    const { answer, deliver, pendingReads, seqs } = start({ delays: { FEED_HELD_RETRY: 20 } });
    await answer(page([anEvent(1)]));
    await deliver(feed([], { held: true }));
    expect(pendingReads()).toBe(0);
    await wait(40);
    expect(pendingReads()).toBe(1);
    await deliver(feed([anEvent(3), anEvent(2)].reverse()));
    expect(seqs()).toEqual([3, 2, 1]);
  });

  it('says so when a read fails, reads again by itself after a while or at once on request, from the same cursor', async () => {
    const { actor, answer, deliver, readCursors, pendingReads, seqs } = start({ delays: { FEED_RETRY: 30 } });
    await answer(page([anEvent(1)]));
    await deliver(new ApiError({ message: '通信できませんでした', status: 0, code: 'NETWORK_ERROR' }));
    expect(selectFeedFailed(actor.getSnapshot())).toBe(true);
    expect(pendingReads()).toBe(0);

    actor.send({ type: 'RETRY_FEED' });
    expect(selectFeedFailed(actor.getSnapshot())).toBe(false);
    await deliver(new Error('offline'));
    await wait(50);
    expect(pendingReads()).toBe(1);
    await deliver(feed([anEvent(2)]));
    expect(seqs()).toEqual([2, 1]);
    expect(readCursors()).toEqual(['page-1', 'page-1', 'page-1']);
  });

  it('applies the filters to the feed: other types and other learners stay out, their types are still learnt', async () => {
    const { actor, requests, answer, deliver, seqs, context, readCursors } = start();
    await answer(page([]));
    await deliver(feed([]));

    actor.send({ type: 'SET_TYPE', value: 'ExamStarted' });
    expect(requests[1]!.input).toEqual({ filters: { type: 'ExamStarted', userId: '' }, before: null });
    await answer(page([anEvent(5, { type: 'ExamStarted' })]));

    await deliver(feed([anEvent(6, { type: 'LessonCompleted' }), anEvent(7, { type: 'ExamStarted', userId: OTHER })]));
    expect(seqs()).toEqual([7, 5]);
    expect(context().knownTypes).toContain('LessonCompleted');

    actor.send({ type: 'SET_USER_ID', value: `  ${LEARNER.toUpperCase()} ` });
    // Typing alone changes nothing.
    expect(requests).toHaveLength(2);
    actor.send({ type: 'APPLY' });
    expect(requests[2]!.input.filters).toEqual({ type: 'ExamStarted', userId: LEARNER });
    // A new filter starts from an empty list, and from the new page's cursor.
    expect(seqs()).toEqual([]);
    await answer(page([anEvent(5, { type: 'ExamStarted' })], null, 'page-again'));

    await deliver(
      feed([anEvent(8, { type: 'ExamStarted', userId: OTHER }), anEvent(9, { type: 'ExamStarted', userId: LEARNER }), anEvent(10, { type: 'ExamStarted', userId: null })]),
    );
    expect(seqs()).toEqual([9, 5]);
    expect(readCursors()).toEqual(['page-0', 'page-5', 'page-again']);

    actor.send({ type: 'CLEAR_FILTERS' });
    expect(requests[3]!.input.filters).toEqual({ type: '', userId: '' });
    expect(context().draft).toEqual({ type: '', userId: '' });
  });

  it('drops a feed read of the old list when the filters change meanwhile', async () => {
    const { actor, answer, deliver, hint, seqs, readCursors } = start();
    await answer(page([anEvent(1)]));
    await deliver(feed([]));
    hint();
    actor.send({ type: 'SET_TYPE', value: 'BadgeAwarded' });
    // The late answer for the old list is not shown, nor does its cursor count.
    await deliver(feed([anEvent(2, { type: 'BadgeAwarded' })], { cursor: 'old' }));
    expect(seqs()).toEqual([]);
    await answer(page([anEvent(3, { type: 'BadgeAwarded' })]));
    expect(seqs()).toEqual([3]);
    expect(readCursors()).toEqual(['page-1', 'feed-same', 'page-3']);
  });

  it('ignores the answer for filters that were replaced meanwhile', async () => {
    const { actor, requests, seqs, readCursors } = start();
    actor.send({ type: 'SET_TYPE', value: 'BadgeAwarded' });
    expect(requests).toHaveLength(2);

    requests[0]!.answer.resolve(page([anEvent(3, { type: 'LessonCompleted' })]));
    await settle();
    expect(selectHistoryStatus(actor.getSnapshot())).toBe('loading');
    expect(seqs()).toEqual([]);
    expect(readCursors()).toEqual([]);

    requests[1]!.answer.resolve(page([anEvent(2, { type: 'BadgeAwarded' })]));
    await settle();
    expect(seqs()).toEqual([2]);
    expect(readCursors()).toEqual(['page-2']);
  });

  it('buffers what the feed brings while paused, counts it, and merges it on resume', async () => {
    const { actor, answer, deliver, hint, seqs, context } = start();
    await answer(page([anEvent(10)]));
    await deliver(feed([]));

    actor.send({ type: 'PAUSE' });
    expect(selectIsPaused(actor.getSnapshot())).toBe(true);
    hint();
    // 10 is already on screen: not new; 12 is another learner's, outside no filter.
    await deliver(feed([anEvent(10), anEvent(11), anEvent(12, { type: 'ExamStarted', userId: OTHER }), anEvent(13)]));
    hint();
    await deliver(feed([anEvent(11)]));

    expect(seqs()).toEqual([10]);
    expect(context().buffer.map((event) => event.seq)).toEqual([13, 12, 11]);

    actor.send({ type: 'RESUME' });
    expect(selectIsPaused(actor.getSnapshot())).toBe(false);
    expect(seqs()).toEqual([13, 12, 11, 10]);
    expect(context().buffer).toEqual([]);
  });

  it(`keeps at most ${LIVE_ROW_LIMIT} rows live, and もっと見る continues below the oldest kept`, async () => {
    const { actor, answer, deliver, seqs, context, requests } = start();
    await answer(page(range(50, 1)));
    expect(context().nextBefore).toBeNull();

    await deliver(feed(range(LIVE_ROW_LIMIT + 10, 51).reverse()));

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
    const { actor, answer, deliver, context } = start();
    await answer(page(range(LIVE_ROW_LIMIT, 1), 1));
    // Pretend the server has older events below seq 1's cursor.
    actor.send({ type: 'LOAD_MORE' });
    await deliver(feed([anEvent(LIVE_ROW_LIMIT + 1)]));
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

  it('stops listening to the socket when stopped', () => {
    const { actor, unsubscribed } = start();
    actor.stop();
    expect(unsubscribed()).toBe(1);
  });

  it('keeps working without the type list', async () => {
    const { answer, deliver, context } = start({ types: Promise.reject(new Error('offline')) });
    await answer(page([]));
    await deliver(feed([anEvent(1, { type: 'CertificateIssued' })]));
    expect(context().knownTypes).toEqual(['CertificateIssued']);
  });
});
