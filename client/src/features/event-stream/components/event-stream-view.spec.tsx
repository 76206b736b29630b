import type { AdminEventPage, AdminEventView } from '@campus/contracts/admin-events';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
  data: { answers: 30 },
  ...overrides,
});

/** Sends a user action and lets the fake calls it starts answer, inside act. */
const settle = (action: () => void = () => {}) =>
  act(async () => {
    action();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function renderView(loadPage: (input: AdminEventPageRequest) => Promise<AdminEventPage>) {
  const requests: AdminEventPageRequest[] = [];
  let push: ((event: EventStreamEvent) => void) | null = null;
  const logic = eventStreamMachine.provide({
    actors: {
      loadPage: fromPromise<AdminEventPage, AdminEventPageRequest>(({ input }) => {
        requests.push(input);
        return loadPage(input);
      }),
      loadTypes: fromPromise<string[]>(async () => ['BadgeAwarded', 'ExamSubmitted']),
      watchEvents: fromCallback<EventStreamEvent>(({ sendBack }) => {
        push = sendBack;
        return () => {};
      }),
    },
  });
  await settle(() => render(<EventStreamView logic={logic} />));
  return { requests, push: (event: EventStreamEvent) => settle(() => push!(event)) };
}

describe('EventStreamView', () => {
  it('shows the history in a table: Tokyo time with seconds, type, short user and stream ids, data', async () => {
    await renderView(async () => ({ items: [anEvent(2), anEvent(1, { userId: null, type: 'AnnouncementPublished' })], nextBefore: null }));

    const table = await screen.findByRole('table', { name: 'イベントの一覧（新しい順）' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['時刻', '種類', '利用者', 'ストリーム', 'データ']);
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('00:30:052026-11-22');
    expect(cells[1]!.textContent).toBe('ExamSubmitted#2');
    expect(cells[2]!.textContent).toBe('0196a3c4');
    expect(cells[2]!.querySelector('[title]')!.getAttribute('title')).toBe(USER);
    expect(cells[3]!.textContent).toBe('exam-session/0196a3c4');
    expect(within(cells[4]!).getByText('{"answers":30}')).toBeInTheDocument();
    expect(within(second!).getAllByRole('cell')[2]!.textContent).toBe('—なし');
    // Everything is there: no もっと見る.
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
  });

  it('adds pushed events on top, buffers them while paused and merges them on 再開', async () => {
    const { push } = await renderView(async () => ({ items: [anEvent(1)], nextBefore: null }));
    await screen.findByRole('table');
    await push({ type: 'SOCKET_CONNECTED' });
    expect(screen.getByText('接続中')).toBeInTheDocument();

    await push({ type: 'EVENT_RECEIVED', event: anEvent(5, { type: 'BadgeAwarded' }) });
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]!.textContent).toContain('BadgeAwarded');

    fireEvent.click(screen.getByRole('button', { name: '一時停止' }));
    await push({ type: 'EVENT_RECEIVED', event: anEvent(6) });
    await push({ type: 'EVENT_RECEIVED', event: anEvent(7) });
    expect(screen.getByText('新着 2 件')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: '再開' }));
    expect(screen.queryByText(/新着/)).toBeNull();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5);

    await push({ type: 'SOCKET_DISCONNECTED' });
    expect(screen.getByText('再接続中…')).toBeInTheDocument();
  });

  it('filters by type at once and by user id on 絞り込む, offering the known types', async () => {
    const { requests } = await renderView(async () => ({ items: [], nextBefore: null }));
    expect((await screen.findByText(/イベントはまだありません。/)).textContent).toMatch(/イベントはまだありません。/);

    const select = screen.getByRole('combobox', { name: '種類' }) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((option) => option.textContent)).toEqual(['すべて', 'BadgeAwarded', 'ExamSubmitted']));
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
      return { items: [], nextBefore: null };
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
      return before === null ? { items: [anEvent(60)], nextBefore: 60 } : { items: [anEvent(59)], nextBefore: null };
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
