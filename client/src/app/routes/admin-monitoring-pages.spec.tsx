import type { AdminEventView } from '@campus/contracts/admin-events';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { onConnectionChange, onServerEvent } from '../../lib/realtime';
import { AdminAnalyticsPage, AdminEventsPage, AdminQueuesPage } from './admin-monitoring-pages';

jest.mock('../../lib/realtime', () => ({ onServerEvent: jest.fn(), onConnectionChange: jest.fn() }));
const onServerEventMock = onServerEvent as unknown as jest.Mock;
const onConnectionChangeMock = onConnectionChange as unknown as jest.Mock;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (url: URL) => Response | Promise<Response>;

/** Answers the API calls by "METHOD path"; records every call. */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: URL }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
    return handler(url);
  });
  return calls;
}

/** The socket as the pages see it: pushes and connection changes the test sends. */
function fakeSocket() {
  const listeners = new Map<string, (payload: unknown) => void>();
  const connection: ((connected: boolean) => void)[] = [];
  onServerEventMock.mockImplementation((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  });
  onConnectionChangeMock.mockImplementation((listener: (connected: boolean) => void) => {
    connection.push(listener);
    return () => {};
  });
  return {
    push: (event: string, payload: unknown) => act(() => listeners.get(event)!(payload)),
    connect: () => act(() => connection.forEach((listener) => listener(true))),
    listening: () => [...listeners.keys()],
  };
}

const USER = '0196a3c4-0000-7000-8000-00000000000a';
const anEvent = (seq: number, type = 'LessonCompleted'): AdminEventView => ({
  seq,
  type,
  streamType: 'user',
  streamId: USER,
  actorId: USER,
  userId: USER,
  occurredAt: '2026-11-22T01:02:03.000Z',
  data: { lessonSlug: 'friend-routes' },
});

describe('AdminEventsPage', () => {
  it('shows the history, then what the feed brings when the socket hints, and filters by type through the API', async () => {
    const socket = fakeSocket();
    // What the server has committed since the page was read, given to the next read of the feed.
    let committed: AdminEventView[] = [];
    const calls = fakeApi({
      'GET /api/v1/admin/events': (url) =>
        json({
          items: url.searchParams.get('type') ? [anEvent(1)] : [anEvent(2, 'CourseVisited'), anEvent(1)],
          nextBefore: null,
          feedCursor: '5.0',
        }),
      'GET /api/v1/admin/events/feed': () => {
        const items = committed;
        committed = [];
        return json({ items, cursor: '6.0', caughtUp: true, held: false });
      },
      'GET /api/v1/admin/events/types': () => json({ types: ['CourseVisited', 'LessonCompleted'] }),
    });
    render(<AdminEventsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'イベント' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'イベントの一覧（新しい順）' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(socket.listening()).toEqual(['admin.eventsCommitted']);
    await waitFor(() => expect(document.title).toBe('イベント（運営コンソール） - マーケティング学習キャンパス'));
    // The feed goes on from the page's cursor.
    await waitFor(() => expect(calls.some((call) => call.url.search === '?after=5.0&limit=200')).toBe(true));

    await socket.connect();
    expect(screen.getByText('接続中')).toBeInTheDocument();
    const feedReads = () => calls.filter((call) => call.url.pathname === '/api/v1/admin/events/feed').length;
    await waitFor(() => expect(feedReads()).toBe(2));
    committed = [anEvent(3), anEvent(4)];
    await socket.push('admin.eventsCommitted', undefined);
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('#4'));
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('#3');
    expect(calls.at(-1)!.url.search).toBe('?after=6.0&limit=200');

    const select = screen.getByRole('combobox', { name: '種類' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'コース閲覧' })).toBeInTheDocument());
    fireEvent.change(select, { target: { value: 'LessonCompleted' } });
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls.some((call) => call.url.search === '?limit=50&type=LessonCompleted')).toBe(true);
    expect(screen.queryByText('コース閲覧', { selector: 'td *' })).toBeNull();
  });

  it('shows the server’s 400 next to the user id filter', async () => {
    fakeSocket();
    fakeApi({
      'GET /api/v1/admin/events': (url) =>
        url.searchParams.get('userId')
          ? json({ message: 'userId は UUID で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'userId' }, 400)
          : json({ items: [], nextBefore: null, feedCursor: '5.0' }),
      'GET /api/v1/admin/events/feed': () => json({ items: [], cursor: '5.0', caughtUp: true, held: false }),
      'GET /api/v1/admin/events/types': () => json({ types: [] }),
    });
    render(<AdminEventsPage />);
    await screen.findByText(/イベントはまだありません。/);

    fireEvent.change(screen.getByRole('textbox', { name: '利用者ID' }), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: '絞り込む' }));

    expect(await screen.findByText('userId は UUID で指定してください')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '利用者ID' }).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('AdminQueuesPage', () => {
  it('shows the queue cards and the failed jobs, and retries one', async () => {
    fakeSocket();
    let failed = [{ jobId: 'grade-exam:e1', name: 'grade-exam', failedReason: 'boom', attemptsMade: 5, createdAt: '2026-11-22T01:00:00.000Z', failedAt: null, dataPreview: '{}' }];
    const calls = fakeApi({
      'GET /api/v1/admin/queues': () =>
        json({
          queues: [{ name: 'campus', isPaused: false, counts: { waiting: 0, active: 0, delayed: 0, completed: 9, failed: failed.length, paused: 0 }, workerCount: 1, schedules: [] }],
          unrelayedEvents: 0,
        }),
      'GET /api/v1/admin/queues/campus/failed': () => json({ items: failed, total: failed.length, limit: 20, offset: 0 }),
      'POST /api/v1/admin/queues/campus/failed/grade-exam%3Ae1/retry': () => {
        failed = [];
        return json({ retriedCount: 1 });
      },
    });
    render(<AdminQueuesPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'ジョブキュー' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'campus' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '失敗したジョブ（campus）' });
    fireEvent.click(within(table).getByRole('button', { name: 'ジョブ grade-exam:e1 を再実行' }));

    expect(await screen.findByText('ジョブ grade-exam:e1 を再実行しました。')).toBeInTheDocument();
    expect(await screen.findByText('失敗したジョブはありません。')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(true);
  });
});

describe('AdminAnalyticsPage', () => {
  it('asks for the analytics and shows the empty state when nobody took an exam', async () => {
    fakeSocket();
    const calls = fakeApi({
      'GET /api/v1/admin/analytics/exams': (url) =>
        json({
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          granularity: 'day',
          courses: [{ courseSlug: 'line-ads-basic', title: 'LINE広告 Basic', attempts: 0, passed: 0, passRate: null, series: [] }],
          topics: [],
          questions: [],
          reviews: [],
        }),
    });
    render(<AdminAnalyticsPage />);

    expect(screen.getByRole('heading', { level: 1, name: '試験の分析' })).toBeInTheDocument();
    expect(await screen.findByText('この期間の受験はありません')).toBeInTheDocument();
    expect(calls[0]!.url.searchParams.get('granularity')).toBe('day');
    expect(calls[0]!.url.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows a refused range next to the dates', async () => {
    fakeSocket();
    fakeApi({
      'GET /api/v1/admin/analytics/exams': () =>
        json({ message: '期間は 366 日以内で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'from' }, 400),
    });
    render(<AdminAnalyticsPage />);

    expect(await screen.findByText('期間は 366 日以内で指定してください')).toBeInTheDocument();
    expect(screen.getByLabelText('開始日').getAttribute('aria-invalid')).toBe('true');
  });
});
