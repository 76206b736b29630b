import type { LegacyBadgeImport, LegacyBadgeImportSummary, StartLegacyBadgeImportRequest } from '@campus/contracts/legacy-badge-imports';
import { assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { getLegacyImport } from '../api/get-legacy-import';
import { startLegacyImport } from '../api/start-legacy-import';
import { subscribeImportProgress } from '../api/subscribe-import-progress';
import { csvProblemOf } from '../legacy-csv';

/** How often the page asks for the progress while the socket is down. */
export const IMPORT_POLL_MS = 2000;

export const NO_FILE_MESSAGE = 'CSV ファイルを選んでください';
export const IMPORT_FAILED_MESSAGE = '取り込みが途中で止まりました。時間をおいて、同じファイルでもう一度お試しください（取り込み済みの行は「変更なし」になります）。';

/**
 * A legacy badge CSV import.
 *
 *   idle ── START (a file is chosen) ─→ reading (File.text(), the contract's size check)
 *   reading ─→ uploading (POST) ─→ importing ─ ended (emits `finished`) ─→ fetchingReport ─→ done | failed
 *        └─ too large / empty ─→ failed
 *   importing follows `admin.importProgress` pushes (summaries) for its importId; while the socket
 *   is not known to be up it polls GET …/{importId} every 2 s, and it asks once more when the socket
 *   (re)connects, for the pushes it may have missed.
 *   fetchingReport: the pushes carry only counts, so the ended import is fetched once for its rejected
 *   rows (not when a poll already brought them); if that fails the counts show, and RETRY_REPORT asks again.
 *   idle | done | failed ── SELECT ─→ idle with the new file;  failed ── START ─→ reading (the same file again)
 */

export interface LegacyImportContext {
  file: File | null;
  csv: string | null;
  progress: LegacyBadgeImportSummary | null;
  /** The ended import with its rejected rows. */
  report: LegacyBadgeImport | null;
  reportError: string | null;
  error: string | null;
  connected: boolean;
}

export type LegacyImportEvent =
  | { type: 'SELECT'; file: File | null }
  | { type: 'START' }
  | { type: 'PROGRESS'; progress: LegacyBadgeImportSummary }
  | { type: 'RETRY_REPORT' }
  | { type: 'SOCKET_CONNECTED' }
  | { type: 'SOCKET_DISCONNECTED' };

export type LegacyImportEmitted = { type: 'finished'; progress: LegacyBadgeImportSummary };

export const REPORT_FAILED_MESSAGE = '取り込まなかった行を読み込めませんでした。';

const isFinished = (progress: LegacyBadgeImportSummary | null) => progress?.status === 'done' || progress?.status === 'failed';

/** A late push (or poll answer) never moves the bar backwards; an end always counts. */
const isNewer = (current: LegacyBadgeImportSummary | null, next: LegacyBadgeImportSummary): boolean =>
  current === null || current.importId !== next.importId || isFinished(next) || (!isFinished(current) && next.processedRows >= current.processedRows);

/** A full import (POST or GET answer) as the progress the pushes carry. */
export function summaryOf(full: LegacyBadgeImport): LegacyBadgeImportSummary {
  const { rejectedRows, ...rest } = full;
  return { ...rest, rejectedCount: rejectedRows.length };
}

/** A fetched import: the progress, and once it has ended, the report too (no need to ask again). */
const fetchedImport = (context: LegacyImportContext, full: LegacyBadgeImport): Partial<LegacyImportContext> => {
  const progress = summaryOf(full);
  if (!isNewer(context.progress, progress)) return {};
  return { progress, ...(isFinished(progress) ? { report: full } : {}) };
};

export const legacyImportMachine = setup({
  types: {
    context: {} as LegacyImportContext,
    events: {} as LegacyImportEvent,
    emitted: {} as LegacyImportEmitted,
  },
  actors: {
    readFile: fromPromise<string, { file: File }>(({ input }) => input.file.text()),
    fetchReport: fromPromise<LegacyBadgeImport, { importId: string }>(({ input }) => getLegacyImport(input.importId)),
    startImport: fromPromise<LegacyBadgeImport, StartLegacyBadgeImportRequest>(({ input }) => startLegacyImport(input)),
    fetchProgress: fromPromise<LegacyBadgeImport, { importId: string }>(({ input }) => getLegacyImport(input.importId)),
    watchProgress: fromCallback<LegacyImportEvent, { importId: string }>(({ input, sendBack }) =>
      subscribeImportProgress(input.importId, {
        onProgress: (progress) => sendBack({ type: 'PROGRESS', progress }),
        onConnected: () => sendBack({ type: 'SOCKET_CONNECTED' }),
        onDisconnected: () => sendBack({ type: 'SOCKET_DISCONNECTED' }),
      }),
    ),
  },
  delays: {
    POLL: IMPORT_POLL_MS,
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    isDone: ({ context }) => context.progress?.status === 'done',
    hasEnded: ({ context }) => isFinished(context.progress),
    isConnected: ({ context }) => context.connected,
    reportMissing: ({ context }) => context.reportError !== null,
    hasReport: ({ context }) => context.report !== null && context.report.importId === context.progress?.importId,
  },
  actions: {
    sayIfGivenUp: assign(({ context }) => ({ error: context.progress?.status === 'failed' ? IMPORT_FAILED_MESSAGE : null })),
    tellFinished: emit(({ context }) => ({ type: 'finished', progress: context.progress! }) as const),
    select: assign(({ event }) => (event.type === 'SELECT' ? { file: event.file, error: null } : {})),
    storeProgress: assign(({ context, event }) => {
      if (event.type !== 'PROGRESS' || !isNewer(context.progress, event.progress)) return {};
      return { progress: event.progress };
    }),
  },
}).createMachine({
  id: 'legacyImport',
  context: { file: null, csv: null, progress: null, report: null, reportError: null, error: null, connected: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SELECT: { target: 'idle', actions: 'select' },
        START: [{ guard: 'hasFile', target: 'reading' }, { actions: assign({ error: NO_FILE_MESSAGE }) }],
      },
    },
    reading: {
      entry: assign({ error: null, progress: null, report: null, reportError: null }),
      invoke: {
        src: 'readFile',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          {
            guard: ({ context, event }) => csvProblemOf(context.file?.name ?? '', event.output) !== null,
            target: 'failed',
            actions: assign({ error: ({ context, event }) => csvProblemOf(context.file?.name ?? '', event.output) }),
          },
          { target: 'uploading', actions: assign({ csv: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: 'ファイルを読み込めませんでした。ファイルを選び直してください。' }) },
      },
    },
    uploading: {
      invoke: {
        src: 'startImport',
        input: ({ context }) => ({ fileName: context.file?.name ?? '', csv: context.csv ?? '' }),
        onDone: { target: 'importing', actions: assign(({ context, event }) => ({ ...fetchedImport(context, event.output), csv: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error), csv: null }) },
      },
    },
    importing: {
      invoke: { src: 'watchProgress', input: ({ context }) => ({ importId: context.progress?.importId ?? '' }) },
      // The list of past imports changes as soon as it ends (one the worker gave up on is in it too).
      always: [
        { guard: 'hasReport', target: 'ended', actions: ['sayIfGivenUp', 'tellFinished'] },
        { guard: 'hasEnded', target: 'fetchingReport', actions: ['sayIfGivenUp', 'tellFinished'] },
      ],
      on: {
        PROGRESS: { actions: 'storeProgress' },
        // Pushes may have been missed while it connected: ask once, then follow the pushes.
        SOCKET_CONNECTED: { target: '.refreshing', actions: assign({ connected: true }) },
        SOCKET_DISCONNECTED: { target: '.polling', actions: assign({ connected: false }) },
      },
      initial: 'polling',
      states: {
        polling: {
          after: { POLL: { target: 'refreshing' } },
        },
        refreshing: {
          invoke: {
            src: 'fetchProgress',
            input: ({ context }) => ({ importId: context.progress?.importId ?? '' }),
            onDone: [
              { guard: 'isConnected', target: 'live', actions: assign(({ context, event }) => fetchedImport(context, event.output)) },
              { target: 'polling', actions: assign(({ context, event }) => fetchedImport(context, event.output)) },
            ],
            // A missed poll is not the end of the import: try again at the next tick.
            onError: [{ guard: 'isConnected', target: 'live' }, { target: 'polling' }],
          },
        },
        live: {},
      },
    },
    /** Ended: the pushes carried only counts; the rows it did not import are asked for once. */
    fetchingReport: {
      entry: assign({ reportError: null }),
      invoke: {
        src: 'fetchReport',
        input: ({ context }) => ({ importId: context.progress?.importId ?? '' }),
        onDone: { target: 'ended', actions: assign(({ event }) => ({ report: event.output, progress: summaryOf(event.output) })) },
        // The counts are known already: they stay, with a way to ask for the rows again.
        onError: { target: 'ended', actions: assign({ reportError: REPORT_FAILED_MESSAGE }) },
      },
    },
    ended: {
      always: [{ guard: 'isDone', target: 'done' }, { target: 'failed' }],
    },
    done: {
      on: {
        SELECT: { target: 'idle', actions: 'select' },
        RETRY_REPORT: { guard: 'reportMissing', target: 'fetchingReport' },
      },
    },
    failed: {
      on: {
        SELECT: { target: 'idle', actions: 'select' },
        START: { guard: 'hasFile', target: 'reading' },
        RETRY_REPORT: { guard: 'reportMissing', target: 'fetchingReport' },
      },
    },
  },
});

export type LegacyImportSnapshot = SnapshotFrom<typeof legacyImportMachine>;

export type ImportPhase = 'idle' | 'reading' | 'uploading' | 'importing' | 'done' | 'failed';

export function selectImportPhase(snapshot: LegacyImportSnapshot): ImportPhase {
  // The counts are final while the rows are asked for: it shows as ended.
  if (snapshot.matches('fetchingReport') || snapshot.matches('ended')) return snapshot.context.progress?.status === 'done' ? 'done' : 'failed';
  return (typeof snapshot.value === 'string' ? snapshot.value : 'importing') as ImportPhase;
}

/** Whether the rejected rows are on their way. */
export const selectReportLoading = (snapshot: LegacyImportSnapshot): boolean => snapshot.matches('fetchingReport');
