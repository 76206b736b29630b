import type { AdminEventFeed, AdminEventPage, AdminEventView } from '@campus/contracts/admin-events';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { deferred } from '../../../test/deferred';
import { fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import type { AdminEventPageRequest } from '../api/get-admin-events';
import { eventStreamMachine, type EventStreamEvent } from '../machines/event-stream.machine';
import { EventStreamView } from './event-stream-view';

const USER = '0196a3c4-0000-7000-8000-00000000000a';

const anEvent = (seq: number, overrides: Partial<AdminEventView> = {}): AdminEventView => ({
  seq,
  type: 'ExamSubmitted',
  streamType: 'exam-session',
  streamId: '0196a3c4-1111-7000-8000-000000000001',
  actorId: USER,
  userId: USER,
  occurredAt: '2026-11-21T15:30:05.000Z',
  data: { answeredCount: 30, finishedAt: '2026-11-21T15:30:05.000Z' },
  ...overrides,
});

/** A history page (the feed goes on from its cursor). */
const page = (items: AdminEventView[], nextBefore: number | null = null): AdminEventPage => ({ items, nextBefore, feedCursor: '7.0' });

/** Sends a user action and lets the fake calls it starts answer, inside act. */
const settle = (action: () => void = () => {}) =>
  act(async () => {
    action();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** The fake feed: each read waits until the test answers it. */
type FeedRead = ReturnType<typeof deferred<AdminEventFeed>>;

async function renderView(loadPage: (input: AdminEventPageRequest) => Promise<AdminEventPage>) {
  const requests: AdminEventPageRequest[] = [];
  const reads: FeedRead[] = [];
  let push: ((event: EventStreamEvent) => void) | null = null;
  const logic = eventStreamMachine.provide({
    actors: {
      loadPage: fromPromise<AdminEventPage, AdminEventPageRequest>(({ input }) => {
        requests.push(input);
        return loadPage(input);
      }),
      readFeed: fromPromise<AdminEventFeed, { after: string }>(() => {
        const read = deferred<AdminEventFeed>();
        reads.push(read);
        return read.promise;
      }),
      loadTypes: fromPromise<string[]>(async () => ['BadgeAwarded', 'ExamSubmitted']),
      watchEvents: fromCallback<EventStreamEvent>(({ sendBack }) => {
        push = sendBack;
        return () => {};
      }),
    },
  });
  await settle(() => render(<EventStreamView logic={logic} />));
  /** Answers the feed read under way (oldest first, as the server sends them). */
  const deliver = (answer: Partial<AdminEventFeed> | Error) =>
    settle(() => {
      const read = reads.shift();
      if (!read) throw new Error('no feed read is waiting');
      if (answer instanceof Error) read.reject(answer);
      else read.resolve({ items: [], cursor: '8.0', caughtUp: true, held: false, ...answer });
    });
  return { requests, push: (event: EventStreamEvent) => settle(() => push!(event)), deliver, pendingReads: () => reads.length };
}

describe('EventStreamView', () => {
  it('shows the history in a table: Tokyo time with seconds, the type in Japanese, short user and stream ids, a summary, the recorded data behind a disclosure', async () => {
    await renderView(async () => page([anEvent(2), anEvent(1, { userId: null, type: 'AnnouncementUnpublished', data: { announcementId: 'a1' } })]));

    const table = await screen.findByRole('table', { name: 'イベントの一覧（新しい順）' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['時刻', '種類', '利用者', 'ストリーム', '内容']);
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('00:30:052026-11-22');
    expect(cells[1]!.textContent).toBe('試験提出#2');
    expect(cells[2]!.textContent).toBe('0196a3c4');
    expect(cells[2]!.querySelector('[title]')!.getAttribute('title')).toBe(USER);
    expect(cells[3]!.textContent).toBe('exam-session/0196a3c4');
    expect(within(cells[4]!).getByText('解答 30 問')).toBeVisible();
    // The recorded data and the English name stay behind the disclosure until it is opened.
    const disclosure = within(cells[4]!).getByText('記録データ').closest('details')!;
    expect(disclosure.open).toBe(false);
    expect(within(disclosure).getByText('ExamSubmitted')).not.toBeVisible();
    fireEvent.click(within(disclosure).getByText('記録データ'));
    expect(disclosure.open).toBe(true);
    expect(within(disclosure).getByText(/"answeredCount": 30/)).toBeVisible();
    expect(within(disclosure).getByText('ExamSubmitted')).toBeVisible();

    const secondCells = within(second!).getAllByRole('cell');
    expect(secondCells[1]!.textContent).toBe('お知らせ取り下げ#1');
    expect(secondCells[2]!.textContent).toBe('—なし');
    // Nothing to add to the name: no summary, the data still behind its disclosure.
    expect(secondCells[4]!.querySelector('.event-table__summary')).toBeNull();
    expect(within(secondCells[4]!).getByText('記録データ')).toBeInTheDocument();
    // Everything is there: no もっと見る.
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
  });

  it('adds what the feed brings on top, buffers it while paused and merges it on 再開', async () => {
    const { push, deliver } = await renderView(async () => page([anEvent(1)]));
    await screen.findByRole('table');
    await push({ type: 'SOCKET_CONNECTED' });
    expect(screen.getByText('接続中')).toBeInTheDocument();

    await deliver({ items: [anEvent(5, { type: 'BadgeAwarded', data: {} })] });
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]!.textContent).toContain('バッジ授与');
    // The connect asked for one more read.
    await deliver({});

    fireEvent.click(screen.getByRole('button', { name: '一時停止' }));
    await push({ type: 'EVENTS_COMMITTED' });
    await deliver({ items: [anEvent(6), anEvent(7)] });
    expect(screen.getByText('新着 2 件')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: '再開' }));
    expect(screen.queryByText(/新着/)).toBeNull();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5);

    await push({ type: 'SOCKET_DISCONNECTED' });
    expect(screen.getByText('再接続中…')).toBeInTheDocument();
  });

  it('says it is catching up after a reconnect until the feed has caught up', async () => {
    const { push, deliver } = await renderView(async () => page([anEvent(1)]));
    await screen.findByRole('table');
    await deliver({});
    await push({ type: 'SOCKET_DISCONNECTED' });
    await push({ type: 'SOCKET_CONNECTED' });

    expect(screen.getByText('最新のイベントに追いついています…')).toBeInTheDocument();
    expect(screen.getByText('最新のイベントに追いついています…')).toHaveAttribute('role', 'status');
    await deliver({ items: [anEvent(2), anEvent(3)], caughtUp: false });
    expect(screen.getByText('最新のイベントに追いついています…')).toBeInTheDocument();
    await deliver({ items: [anEvent(4)] });
    expect(screen.queryByText('最新のイベントに追いついています…')).toBeNull();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5);
  });

  it('says when the feed cannot be read, and reads again on もう一度取得', async () => {
    const { deliver, pendingReads } = await renderView(async () => page([anEvent(1)]));
    await screen.findByRole('table');
    await deliver(new ApiError({ message: '通信エラーが発生しました', status: 0, code: 'NETWORK_ERROR' }));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('新しいイベントを取得できませんでした。');
    expect(pendingReads()).toBe(0);
    await settle(() => fireEvent.click(within(alert).getByRole('button', { name: 'もう一度取得' })));
    expect(screen.queryByRole('alert')).toBeNull();
    await deliver({ items: [anEvent(2)] });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('filters by type at once and by user id on 絞り込む, offering the known types', async () => {
    const { requests } = await renderView(async () => page([]));
    expect((await screen.findByText(/イベントはまだありません。/)).textContent).toMatch(/イベントはまだありません。/);

    const select = screen.getByRole('combobox', { name: '種類' }) as HTMLSelectElement;
    // Named in Japanese (in the order of those names), sent in English.
    await waitFor(() => expect([...select.options].map((option) => option.textContent)).toEqual(['すべて', 'バッジ授与', '試験提出']));
    expect([...select.options].map((option) => option.value)).toEqual(['', 'BadgeAwarded', 'ExamSubmitted']);
    await settle(() => fireEvent.change(select, { target: { value: 'BadgeAwarded' } }));
    expect(requests.at(-1)!.filters).toEqual({ type: 'BadgeAwarded', userId: '' });

    fireEvent.change(screen.getByRole('textbox', { name: '利用者ID' }), { target: { value: USER } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '絞り込む' })));
    expect(requests.at(-1)!.filters).toEqual({ type: 'BadgeAwarded', userId: USER });
    expect((await screen.findByText(/この条件に合うイベントはありません。/)).textContent).toMatch(/この条件に合うイベントはありません。/);

    await settle(() => fireEvent.click(screen.getByRole('button', { name: '解除' })));
    expect(requests.at(-1)!.filters).toEqual({ type: '', userId: '' });
  });

  it('shows the server’s message next to a wrong user id, keeping what was typed', async () => {
    await renderView(async ({ filters }) => {
      if (filters.userId) throw new ApiError({ message: 'userId は UUID で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'userId' });
      return page([]);
    });
    await screen.findByText(/イベントはまだありません。/);

    const input = screen.getByRole('textbox', { name: '利用者ID' });
    fireEvent.change(input, { target: { value: 'abc' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '絞り込む' })));

    const error = await screen.findByText('userId は UUID で指定してください');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect((input as HTMLInputElement).value).toBe('abc');
    expect(screen.queryByRole('button', { name: '再試行' })).toBeNull();
  });

  it('shows a failed history with 再試行, and pages back with もっと見る', async () => {
    let fail = true;
    const { requests } = await renderView(async ({ before }) => {
      if (fail) throw new ApiError({ message: '通信エラーが発生しました', status: 0, code: 'NETWORK_ERROR' });
      return before === null ? page([anEvent(60)], 60) : page([anEvent(59)]);
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('通信エラーが発生しました');
    fail = false;
    await settle(() => fireEvent.click(within(alert).getByRole('button', { name: '再試行' })));

    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'もっと見る' })));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(requests.map((request) => request.before)).toEqual([null, null, 60]);
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
  });

  it('shows a skeleton while the first page loads', async () => {
    await renderView(() => new Promise(() => {}));
    expect(screen.getByText('イベントを読み込んでいます…')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
