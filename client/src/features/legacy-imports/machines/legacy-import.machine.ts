import type { LegacyBadgeImport, StartLegacyBadgeImportRequest } from '@campus/contracts/legacy-badge-imports';
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
 *   reading ─→ uploading (POST) ─→ importing ─ status done ─→ done (emits `finished`)
 *        └─ too large / empty ─→ failed    └─ status failed ─→ failed (emits `finished`)
 *   importing follows `admin.importProgress` pushes for its importId; while the socket is not
 *   known to be up it polls GET …/{importId} every 2 s, and it asks once more when the socket
 *   (re)connects, for the pushes it may have missed.
 *   idle | done | failed ── SELECT ─→ idle with the new file;  failed ── START ─→ reading (the same file again)
 */

export interface LegacyImportContext {
  file: File | null;
  csv: string | null;
  progress: LegacyBadgeImport | null;
  error: string | null;
  connected: boolean;
}

export type LegacyImportEvent =
  | { type: 'SELECT'; file: File | null }
  | { type: 'START' }
  | { type: 'PROGRESS'; progress: LegacyBadgeImport }
  | { type: 'SOCKET_CONNECTED' }
  | { type: 'SOCKET_DISCONNECTED' };

export type LegacyImportEmitted = { type: 'finished'; progress: LegacyBadgeImport };

const isFinished = (progress: LegacyBadgeImport | null) => progress?.status === 'done' || progress?.status === 'failed';

/** A late push (or poll answer) never moves the bar backwards; an end always counts. */
const isNewer = (current: LegacyBadgeImport | null, next: LegacyBadgeImport): boolean =>
  current === null || current.importId !== next.importId || isFinished(next) || (!isFinished(current) && next.processedRows >= current.processedRows);

export const legacyImportMachine = setup({
  types: {
    context: {} as LegacyImportContext,
    events: {} as LegacyImportEvent,
    emitted: {} as LegacyImportEmitted,
  },
  actors: {
    readFile: fromPromise<string, { file: File }>(({ input }) => input.file.text()),
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
    hasFailed: ({ context }) => context.progress?.status === 'failed',
    isConnected: ({ context }) => context.connected,
  },
  actions: {
    tellFinished: emit(({ context }) => ({ type: 'finished', progress: context.progress! }) as const),
    select: assign(({ event }) => (event.type === 'SELECT' ? { file: event.file, error: null } : {})),
    storeProgress: assign(({ context, event }) => {
      if (event.type !== 'PROGRESS' || !isNewer(context.progress, event.progress)) return {};
      return { progress: event.progress };
    }),
  },
}).createMachine({
  id: 'legacyImport',
  context: { file: null, csv: null, progress: null, error: null, connected: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SELECT: { target: 'idle', actions: 'select' },
        START: [{ guard: 'hasFile', target: 'reading' }, { actions: assign({ error: NO_FILE_MESSAGE }) }],
      },
    },
    reading: {
      entry: assign({ error: null, progress: null }),
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
        onDone: { target: 'importing', actions: assign({ progress: ({ event }) => event.output, csv: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error), csv: null }) },
      },
    },
    importing: {
      invoke: { src: 'watchProgress', input: ({ context }) => ({ importId: context.progress?.importId ?? '' }) },
      always: [
        { guard: 'isDone', target: 'done' },
        // One the worker gave up on is in the list of past imports too.
        { guard: 'hasFailed', target: 'failed', actions: [assign({ error: IMPORT_FAILED_MESSAGE }), 'tellFinished'] },
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
              { guard: 'isConnected', target: 'live', actions: assign(({ context, event }) => (isNewer(context.progress, event.output) ? { progress: event.output } : {})) },
              { target: 'polling', actions: assign(({ context, event }) => (isNewer(context.progress, event.output) ? { progress: event.output } : {})) },
            ],
            // A missed poll is not the end of the import: try again at the next tick.
            onError: [{ guard: 'isConnected', target: 'live' }, { target: 'polling' }],
          },
        },
        live: {},
      },
    },
    done: {
      entry: 'tellFinished',
      on: { SELECT: { target: 'idle', actions: 'select' } },
    },
    failed: {
      on: {
        SELECT: { target: 'idle', actions: 'select' },
        START: { guard: 'hasFile', target: 'reading' },
      },
    },
  },
});

export type LegacyImportSnapshot = SnapshotFrom<typeof legacyImportMachine>;

export type ImportPhase = 'idle' | 'reading' | 'uploading' | 'importing' | 'done' | 'failed';

export const selectImportPhase = (snapshot: LegacyImportSnapshot): ImportPhase =>
  (typeof snapshot.value === 'string' ? snapshot.value : 'importing') as ImportPhase;
