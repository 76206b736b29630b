import {
  LEGACY_CSV_MAX_CHARS,
  type LegacyBadgeImport,
  type LegacyBadgeImportSummary,
  type StartLegacyBadgeImportRequest,
} from '@campus/contracts/legacy-badge-imports';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../../../lib/api-client';
import {
  IMPORT_FAILED_MESSAGE,
  IMPORT_POLL_MS,
  legacyImportMachine,
  NO_FILE_MESSAGE,
  REPORT_FAILED_MESSAGE,
  selectImportPhase,
  selectReportLoading,
  summaryOf,
  type LegacyImportEvent,
} from './legacy-import.machine';

function anImport(overrides: Partial<LegacyBadgeImport> = {}): LegacyBadgeImport {
  return {
    importId: 'imp-1',
    fileName: 'badges.csv',
    status: 'queued',
    totalRows: 0,
    processedRows: 0,
    importedCount: 0,
    unchangedCount: 0,
    rejectedRows: [],
    requestedAt: '2026-04-01T00:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** What a push carries: the counts, not the rows. */
const aPush = (overrides: Partial<LegacyBadgeImport> = {}): LegacyBadgeImportSummary => summaryOf(anImport(overrides));

const aFile = (text: string, name = 'badges.csv') => ({ name, text: () => Promise.resolve(text) }) as unknown as File;

interface Fakes {
  start?: (request: StartLegacyBadgeImportRequest) => Promise<LegacyBadgeImport>;
  fetch?: () => Promise<LegacyBadgeImport>;
  report?: () => Promise<LegacyBadgeImport>;
}

function start(fakes: Fakes = {}) {
  const uploads: StartLegacyBadgeImportRequest[] = [];
  const fetches = jest.fn(fakes.fetch ?? (async () => anImport({ status: 'running', totalRows: 10, processedRows: 5 })));
  const reports = jest.fn((importId: string) => fakes.report?.() ?? Promise.resolve(anImport({ importId, status: 'done' })));
  const socket = { watched: [] as string[], stopped: 0, send: undefined as ((event: LegacyImportEvent) => void) | undefined };
  const logic = legacyImportMachine.provide({
    actors: {
      startImport: fromPromise<LegacyBadgeImport, StartLegacyBadgeImportRequest>(({ input }) => {
        uploads.push(input);
        return fakes.start?.(input) ?? Promise.resolve(anImport());
      }),
      fetchProgress: fromPromise<LegacyBadgeImport, { importId: string }>(() => fetches()),
      fetchReport: fromPromise<LegacyBadgeImport, { importId: string }>(({ input }) => reports(input.importId)),
      watchProgress: fromCallback<LegacyImportEvent, { importId: string }>(({ input, sendBack }) => {
        socket.watched.push(input.importId);
        socket.send = sendBack;
        return () => {
          socket.stopped += 1;
          socket.send = undefined;
        };
      }),
    },
  });
  const actor = createActor(logic);
  const finished: LegacyBadgeImportSummary[] = [];
  actor.on('finished', (event) => finished.push(event.progress));
  actor.start();
  const push = (event: LegacyImportEvent) => {
    if (!socket.send) throw new Error('not watching');
    socket.send(event);
  };
  const phase = () => selectImportPhase(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  return { actor, uploads, fetches, reports, socket, push, finished, phase, context };
}

const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('legacyImportMachine', () => {
  it('asks for a file before anything else', () => {
    const { actor, uploads, phase, context } = start();
    actor.send({ type: 'START' });
    expect(phase()).toBe('idle');
    expect(context().error).toBe(NO_FILE_MESSAGE);
    actor.send({ type: 'SELECT', file: aFile('a') });
    expect(context().error).toBeNull();
    expect(uploads).toEqual([]);
  });

  it('reads the file, sends it, follows the pushes of its import only, and ends with the report', async () => {
    const report = anImport({ status: 'done', totalRows: 10, processedRows: 10, importedCount: 7, unchangedCount: 2, rejectedRows: [{ line: 4, reason: 'コーススラッグが不正です' }] });
    const { actor, uploads, fetches, reports, socket, push, finished, phase, context } = start({ report: async () => report });
    actor.send({ type: 'SELECT', file: aFile('email,course_slug,passed_at\na@example.com,line-ads-basic,2025-06-01') });
    actor.send({ type: 'START' });
    expect(phase()).toBe('reading');
    await settle();
    expect(uploads).toEqual([{ fileName: 'badges.csv', csv: 'email,course_slug,passed_at\na@example.com,line-ads-basic,2025-06-01' }]);
    expect(phase()).toBe('importing');
    expect(socket.watched).toEqual(['imp-1']);
    expect(context().csv).toBeNull();

    push({ type: 'SOCKET_CONNECTED' });
    await settle();
    // One catch-up question once connected, then only pushes.
    expect(fetches).toHaveBeenCalledTimes(1);
    push({ type: 'PROGRESS', progress: aPush({ status: 'running', totalRows: 10, processedRows: 8 }) });
    expect(context().progress?.processedRows).toBe(8);
    // An older push does not move the bar back.
    push({ type: 'PROGRESS', progress: aPush({ status: 'running', totalRows: 10, processedRows: 6 }) });
    expect(context().progress?.processedRows).toBe(8);
    await jest.advanceTimersByTimeAsync(IMPORT_POLL_MS * 5);
    expect(fetches).toHaveBeenCalledTimes(1);

    // The last push has the counts only: the rows are asked for once.
    push({ type: 'PROGRESS', progress: summaryOf(report) });
    expect(phase()).toBe('done');
    expect(finished).toEqual([summaryOf(report)]);
    expect(socket.stopped).toBe(1);
    expect(selectReportLoading(actor.getSnapshot())).toBe(true);
    expect(context().report).toBeNull();
    await settle();
    expect(reports).toHaveBeenCalledTimes(1);
    expect(reports).toHaveBeenCalledWith('imp-1');
    expect(selectReportLoading(actor.getSnapshot())).toBe(false);
    expect(context().report).toEqual(report);
    expect(context().progress).toEqual(summaryOf(report));
    await jest.advanceTimersByTimeAsync(IMPORT_POLL_MS * 3);
    expect(reports).toHaveBeenCalledTimes(1);
    expect(fetches).toHaveBeenCalledTimes(1);
  });

  it('polls every 2 s while the socket is down, and stops once connected', async () => {
    let answer = anImport({ status: 'running', totalRows: 10, processedRows: 3 });
    const { actor, fetches, reports, push, phase, context } = start({ fetch: async () => answer });
    actor.send({ type: 'SELECT', file: aFile('x') });
    actor.send({ type: 'START' });
    await settle();
    expect(phase()).toBe('importing');

    await jest.advanceTimersByTimeAsync(IMPORT_POLL_MS - 1);
    expect(fetches).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(context().progress?.processedRows).toBe(3);
    await jest.advanceTimersByTimeAsync(IMPORT_POLL_MS);
    expect(fetches).toHaveBeenCalledTimes(2);

    push({ type: 'SOCKET_CONNECTED' });
    await settle();
    expect(fetches).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(IMPORT_POLL_MS * 3);
    expect(fetches).toHaveBeenCalledTimes(3);

    push({ type: 'SOCKET_DISCONNECTED' });
    answer = anImport({ status: 'done', totalRows: 10, processedRows: 10, importedCount: 9, rejectedRows: [{ line: 2, reason: '日付が不正です' }] });
    await jest.advanceTimersByTimeAsync(IMPORT_POLL_MS);
    expect(fetches).toHaveBeenCalledTimes(4);
    expect(phase()).toBe('done');
    // The poll answer had the rows already: no second request for them.
    expect(reports).not.toHaveBeenCalled();
    expect(context().report).toEqual(answer);
  });

  it('keeps polling after a failed poll', async () => {
    let calls = 0;
    const { actor, fetches, phase } = start({
      fetch: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' });
        return anImport({ status: 'running', totalRows: 4, processedRows: 2 });
      },
    });
    actor.send({ type: 'SELECT', file: aFile('x') });
    actor.send({ type: 'START' });
    await settle();
    await jest.advanceTimersByTimeAsync(IMPORT_POLL_MS * 2);
    expect(fetches).toHaveBeenCalledTimes(2);
    expect(phase()).toBe('importing');
  });

  it('refuses a file over the limit before sending, with the API message', async () => {
    const { actor, uploads, phase, context } = start();
    actor.send({ type: 'SELECT', file: aFile('x'.repeat(LEGACY_CSV_MAX_CHARS + 1)) });
    actor.send({ type: 'START' });
    await settle();
    expect(phase()).toBe('failed');
    expect(context().error).toBe('CSV ファイルは 800KB 以内にしてください（大きなファイルは分けて取り込んでください）');
    expect(uploads).toEqual([]);
  });

  it('shows the API refusal and tries the same file again on START', async () => {
    let attempt = 0;
    const { actor, uploads, phase, context } = start({
      start: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError({ message: 'エラーが発生しました。', status: 500, code: 'INTERNAL_ERROR' });
        return anImport({ status: 'done', totalRows: 1, processedRows: 1, importedCount: 1 });
      },
    });
    actor.send({ type: 'SELECT', file: aFile('a') });
    actor.send({ type: 'START' });
    await settle();
    expect(phase()).toBe('failed');
    expect(context().error).toBe(UNKNOWN_ERROR_MESSAGE);

    actor.send({ type: 'START' });
    await settle();
    expect(uploads).toHaveLength(2);
    expect(phase()).toBe('done');
  });

  it('an import the worker gave up on ends as failed, and the list is told', async () => {
    const { actor, push, finished, phase, context, reports } = start({ report: async () => anImport({ status: 'failed', totalRows: 3, processedRows: 1 }) });
    actor.send({ type: 'SELECT', file: aFile('a') });
    actor.send({ type: 'START' });
    await settle();
    push({ type: 'PROGRESS', progress: aPush({ status: 'failed', totalRows: 3, processedRows: 1 }) });
    expect(phase()).toBe('failed');
    expect(context().error).toBe(IMPORT_FAILED_MESSAGE);
    expect(finished).toHaveLength(1);
    await settle();
    expect(reports).toHaveBeenCalledTimes(1);
    expect(phase()).toBe('failed');
    expect(context().report?.status).toBe('failed');
  });

  it('shows the counts when the rows cannot be fetched, and asks again on RETRY_REPORT without telling the list twice', async () => {
    let calls = 0;
    const report = anImport({ status: 'done', totalRows: 2, processedRows: 2, importedCount: 1, rejectedRows: [{ line: 2, reason: '日付が不正です' }] });
    const { actor, push, reports, finished, phase, context } = start({
      report: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' });
        return report;
      },
    });
    actor.send({ type: 'SELECT', file: aFile('a') });
    actor.send({ type: 'START' });
    await settle();
    push({ type: 'PROGRESS', progress: summaryOf(report) });
    await settle();
    expect(phase()).toBe('done');
    expect(context().reportError).toBe(REPORT_FAILED_MESSAGE);
    expect(context().progress?.rejectedCount).toBe(1);

    actor.send({ type: 'RETRY_REPORT' });
    expect(context().reportError).toBeNull();
    await settle();
    expect(reports).toHaveBeenCalledTimes(2);
    expect(context().report).toEqual(report);
    expect(phase()).toBe('done');
    expect(finished).toHaveLength(1);
    // Nothing is missing any more: a stray RETRY_REPORT asks nothing.
    actor.send({ type: 'RETRY_REPORT' });
    await settle();
    expect(reports).toHaveBeenCalledTimes(2);
  });
});
