import type { FailedJob, FailedJobPage, QueueHealth, RetriedJobs, ScheduledJob, StartedJob } from '@campus/contracts/queue-health';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import type { FailedJobsRequest } from '../api/get-failed-jobs';
import type { RetryJobsRequest } from '../api/retry-failed-jobs';
import type { RunScheduledJobRequest } from '../api/run-scheduled-job';
import { queueHealthMachine, type QueueHealthEvent } from '../machines/queue-health.machine';
import { QueueHealthView } from './queue-health-view';

const aHealth = (failed: number, overrides: Partial<QueueHealth> = {}, schedules: ScheduledJob[] = []): QueueHealth => ({
  queues: [{ name: 'campus', isPaused: false, counts: { waiting: 4, active: 1, delayed: 2, completed: 1200, failed, paused: 0 }, workerCount: 2, schedules }],
  unrelayedEvents: 3,
  ...overrides,
});

const aJob = (n: number): FailedJob => ({
  jobId: `grade-exam:${n}`,
  name: 'grade-exam',
  failedReason: '採点できませんでした',
  attemptsMade: 5,
  createdAt: '2026-11-22T01:00:00.000Z',
  failedAt: '2026-11-22T01:05:00.000Z',
  dataPreview: `{"eventId":"e${n}"}`,
});

const settle = (action: () => void = () => {}) =>
  act(async () => {
    action();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function renderView({
  health = async () => aHealth(2),
  failed = async ({ offset }) => ({ items: [aJob(1), aJob(2)], total: 2, limit: 20, offset }),
  retry = async () => ({ retriedCount: 2 }),
  run = async ({ jobName }) => ({ jobId: `${jobName}@manual@1` }),
}: {
  health?: () => Promise<QueueHealth>;
  failed?: (input: FailedJobsRequest) => Promise<FailedJobPage>;
  retry?: (input: RetryJobsRequest) => Promise<RetriedJobs>;
  run?: (input: RunScheduledJobRequest) => Promise<StartedJob>;
} = {}) {
  const calls = { failed: [] as FailedJobsRequest[], retries: [] as RetryJobsRequest[], runs: [] as RunScheduledJobRequest[], healthLoads: 0 };
  const logic = queueHealthMachine.provide({
    actors: {
      loadHealth: fromPromise<QueueHealth>(() => {
        calls.healthLoads += 1;
        return health();
      }),
      runSchedule: fromPromise<StartedJob, RunScheduledJobRequest>(({ input }) => {
        calls.runs.push(input);
        return run(input);
      }),
      loadFailed: fromPromise<FailedJobPage, FailedJobsRequest>(({ input }) => {
        calls.failed.push(input);
        return failed(input);
      }),
      retryJobs: fromPromise<RetriedJobs, RetryJobsRequest>(({ input }) => {
        calls.retries.push(input);
        return retry(input);
      }),
      watchVisibility: fromCallback<QueueHealthEvent>(() => {}),
    },
  });
  const view = await settle(() => {
    render(<QueueHealthView logic={logic} />);
  });
  return { calls, view };
}

describe('QueueHealthView', () => {
  it('shows a card per queue with its counts and workers, and the unrelayed events', async () => {
    await renderView();

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['キューの状態', '失敗したジョブ']);
    const card = screen.getByRole('article', { name: 'campus' });
    const counts = Object.fromEntries(
      within(card)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling!.textContent]),
    );
    expect(counts).toEqual({ 待機: '4', 実行中: '1', 遅延: '2', 完了: '1,200', 失敗: '2', 一時停止: '0' });
    expect(within(card).getByText('ワーカー 2')).toBeInTheDocument();
    expect(screen.getByText('未中継のイベント 3')).toBeInTheDocument();
    expect(screen.getByText(/5 秒ごとに自動で更新します。/).textContent).toMatch(/5 秒ごとに自動で更新します。/);
  });

  it('lists the failed jobs and retries one, then says so', async () => {
    const { calls } = await renderView();

    const table = screen.getByRole('table', { name: '失敗したジョブ（campus）' });
    const [header, first] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'ジョブ',
      '名前',
      '理由',
      '試行回数',
      '失敗日時',
      'データ',
      '操作',
    ]);
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 6)).toEqual([
      'grade-exam:1',
      'grade-exam',
      '採点できませんでした',
      '5',
      '2026年11月22日 10:05',
      '{"eventId":"e1"}',
    ]);

    await settle(() => fireEvent.click(within(first!).getByRole('button', { name: 'ジョブ grade-exam:1 を再実行' })));

    expect(calls.retries).toEqual([{ queueName: 'campus', jobId: 'grade-exam:1' }]);
    expect(screen.getByText('ジョブ grade-exam:1 を再実行しました。')).toBeInTheDocument();
    expect(calls.failed).toHaveLength(2);
  });

  it('asks before すべて再実行, keeps the focus sensible, and retries them all on 再実行する', async () => {
    const { calls } = await renderView();
    const retryAll = screen.getByRole('button', { name: 'すべて再実行' });

    fireEvent.click(retryAll);
    const dialog = screen.getByRole('alertdialog', { name: '失敗したジョブ 2 件をすべて再実行しますか？' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'キャンセル' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(retryAll);
    expect(calls.retries).toEqual([]);

    fireEvent.click(retryAll);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '再実行する' })));
    expect(calls.retries).toEqual([{ queueName: 'campus', jobId: null }]);
    expect(screen.getByText('失敗したジョブ 2 件を再実行しました。')).toBeInTheDocument();
  });

  it('pages through the failed jobs by 20', async () => {
    const { calls } = await renderView({
      health: async () => aHealth(45),
      failed: async ({ offset }) => ({
        items: Array.from({ length: Math.min(20, 45 - offset) }, (_, i) => aJob(offset + i + 1)),
        total: 45,
        limit: 20,
        offset,
      }),
    });
    const pager = screen.getByRole('navigation', { name: '失敗したジョブのページ送り' });
    expect(pager.textContent).toContain('1–20 件目 / 全 45 件');
    expect((within(pager).getByRole('button', { name: '前の 20 件' }) as HTMLButtonElement).disabled).toBe(true);

    await settle(() => fireEvent.click(within(pager).getByRole('button', { name: '次の 20 件' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: '次の 20 件' })));

    expect(calls.failed.map((call) => call.offset)).toEqual([0, 20, 40]);
    expect(screen.getByRole('navigation', { name: '失敗したジョブのページ送り' }).textContent).toContain('41–45 件目 / 全 45 件');
    expect((screen.getByRole('button', { name: '次の 20 件' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when nothing failed, and offers no すべて再実行', async () => {
    await renderView({ health: async () => aHealth(0), failed: async () => ({ items: [], total: 0, limit: 20, offset: 0 }) });
    expect(screen.getByText('失敗したジョブはありません。')).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'すべて再実行' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows why the counts could not be read, with 再試行', async () => {
    let fail = true;
    await renderView({
      health: async () => {
        if (fail) throw new ApiError({ message: '通信エラーが発生しました', status: 0, code: 'NETWORK_ERROR' });
        return aHealth(0);
      },
      failed: async () => ({ items: [], total: 0, limit: 20, offset: 0 }),
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('通信エラーが発生しました');

    fail = false;
    await settle(() => fireEvent.click(within(alert).getByRole('button', { name: '再試行' })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('article', { name: 'campus' })).toBeInTheDocument();
  });

  const SCHEDULES: ScheduledJob[] = [
    { name: 'reconcile-outstanding-work', pattern: null, timeZone: null, everyMs: 5000, nextRunAt: '2026-11-22T01:00:05.000Z' },
    { name: 'remind-learners-when-badge-expiring', pattern: '0 9 * * *', timeZone: 'Asia/Tokyo', everyMs: null, nextRunAt: '2026-11-23T00:00:00.000Z' },
  ];

  it('lists the scheduled jobs in words and runs one now, then says so and refreshes the counts', async () => {
    const { calls } = await renderView({ health: async () => aHealth(0, {}, SCHEDULES), failed: async () => ({ items: [], total: 0, limit: 20, offset: 0 }) });

    const table = screen.getByRole('table', { name: '定期ジョブ（campus）' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent))).toEqual([
      ['未処理の反応の再投入reconcile-outstanding-work', '5 秒ごと', '2026年11月22日 10:00'],
      ['バッジの有効期限のお知らせremind-learners-when-badge-expiring', '毎日 09:00', '2026年11月23日 09:00'],
    ]);
    const loadsBefore = calls.healthLoads;

    await settle(() => fireEvent.click(screen.getByRole('button', { name: '「バッジの有効期限のお知らせ」を今すぐ実行' })));

    expect(calls.runs).toEqual([{ queueName: 'campus', jobName: 'remind-learners-when-badge-expiring' }]);
    expect(screen.getByText('「バッジの有効期限のお知らせ」を実行キューに入れました。')).toBeInTheDocument();
    expect(calls.healthLoads).toBeGreaterThan(loadsBefore);
  });

  it('says why a scheduled job could not be started, and lets the admin try again', async () => {
    let fail = true;
    const { calls } = await renderView({
      health: async () => aHealth(0, {}, SCHEDULES),
      failed: async () => ({ items: [], total: 0, limit: 20, offset: 0 }),
      run: async ({ jobName }) => {
        if (fail) throw new ApiError({ message: '定期ジョブ「x」はありません', status: 404, code: 'NOT_FOUND' });
        return { jobId: `${jobName}@manual@2` };
      },
    });
    const button = screen.getByRole('button', { name: '「未処理の反応の再投入」を今すぐ実行' });
    await settle(() => fireEvent.click(button));
    expect(screen.getByRole('alert').textContent).toBe('定期ジョブ「x」はありません');
    expect((button as HTMLButtonElement).disabled).toBe(false);

    fail = false;
    await settle(() => fireEvent.click(button));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.runs).toHaveLength(2);
  });

  it('shows a skeleton until the counts arrive', async () => {
    await renderView({ health: () => new Promise(() => {}) });
    expect(screen.getByText('キューの状態を読み込んでいます…')).toBeInTheDocument();
  });
});
