import type { SlidesPoster } from '@campus/contracts/lessons';
import { assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { trackEvent } from '../../lib/analytics';
import { hasRoom, isRenderingCancelled, sameSurface, type PdfDocument, type RenderSurface } from './pdf-document';
import { keepDeckForOffline } from './pdfjs/keep-deck-offline';
import { loadPdfDocument } from './pdfjs/load-pdf-document';
import { renderPdfPage, type RenderPageInput } from './pdfjs/render-pdf-page';

/**
 * A slide deck (spec §2 "PDF lesson viewer", §4 "PDF viewer", §8).
 *
 *   poster ── NEXT / GOTO / TOGGLE_ZOOM / TOGGLE_FULLSCREEN ──→ loading (the request kept for the deck)
 *   (a deck with a picture of its first slide starts here: pdf.js is loaded only when it is needed;
 *   meanwhile, once the page is idle, the deck and pdf.js are fetched, not run, so it pages offline later)
 *
 *   loading ── loaded ──→ ready: page n of N ── NEXT / PREV / GOTO ──→ page m (renders it)
 *      │  └── failed ──→ failed ── RETRY ──→ loading
 *      └────────────────── fullscreen: a flag toggled in any state (TOGGLE_FULLSCREEN, EXIT_FULLSCREEN)
 *      └────────────────── zoomed: a flag toggled in any state (TOGGLE_ZOOM); the component draws an
 *                          enlarged slide twice the stage's width, to pan across (not in fullscreen)
 *
 *   ready.display:  pending ─(room to draw)─→ rendering ─→ idle
 *                                               └─ failed ─→ renderFailed ── RETRY ──→ rendering
 *
 * - Each page change or resize re-enters `rendering`: the running render actor is stopped (its
 *   signal aborts the pdf.js render) before the new one starts.
 * - A RenderingCancelledException is not a failure and is ignored. Other failures are logged,
 *   counted (`pdf_error`) and emitted (`pdfError`); after a render failure the deck stays usable.
 * - Reaching the last page reports the lesson-slide-end once per viewer (`lesson_slide_end` and the
 *   emitted `lastSlide`), also for a one-page deck.
 * - The poster stays on screen until the first page is drawn on the canvas (`drawn`): no blank stage,
 *   and no jump, when the viewer takes over.
 * - Whether the deck is fullscreen is decided here; the component mirrors it onto the browser and
 *   reports (EXIT_FULLSCREEN) when the browser left fullscreen by its own means.
 */

export interface PdfViewerInput {
  /** The PDF, an opaque same-origin address. */
  url: string;
  /** Shown until the learner pages, zooms or goes fullscreen; without one, pdf.js loads at once. */
  poster?: SlidesPoster | null;
  title: string;
  /** Start enlarged (a phone: a slide fitted to its width has ~7 px text). */
  zoomed?: boolean;
}

export interface PdfViewerContext {
  url: string;
  title: string;
  poster: SlidesPoster | null;
  /** A page has been drawn on the canvas: the poster gives way to it. */
  drawn: boolean;
  document: PdfDocument | null;
  /** 1-based. */
  page: number;
  /** The poster's count until the deck is loaded; 0 without a poster. */
  pageCount: number;
  fullscreen: boolean;
  /** The slide drawn larger than the stage (ZOOM_FACTOR), to pan across; fullscreen fits the screen instead. */
  zoomed: boolean;
  /** Where pages are drawn; null until the component has measured it. */
  surface: RenderSurface | null;
  lastSlideReported: boolean;
}

export type PdfViewerEvent =
  | { type: 'NEXT' }
  | { type: 'PREV' }
  /** Any number: clamped to 1..N (rounded); not a number → ignored. */
  | { type: 'GOTO'; page: number }
  | { type: 'TOGGLE_FULLSCREEN' }
  | { type: 'TOGGLE_ZOOM' }
  /** The browser left fullscreen (its own Escape, a gesture, another element went fullscreen). */
  | { type: 'EXIT_FULLSCREEN' }
  /** After a load failure: load again; after a render failure: draw the page again. */
  | { type: 'RETRY' }
  | { type: 'SURFACE_CHANGED'; surface: RenderSurface };

export type PdfFailureStage = 'load' | 'render';

export type PdfViewerEmitted =
  | { type: 'lastSlide'; pageCount: number }
  | { type: 'pdfError'; stage: PdfFailureStage; page: number | null; error: unknown };

export const LESSON_SLIDE_END_EVENT = 'lesson_slide_end';
export const PDF_ERROR_EVENT = 'pdf_error';

const clampPage = (requested: number, pageCount: number): number => Math.min(Math.max(Math.round(requested), 1), pageCount);

const describeError = (error: unknown): { errorName: string; message: string } =>
  error instanceof Error ? { errorName: error.name, message: error.message } : { errorName: typeof error, message: String(error) };

export const pdfViewerMachine = setup({
  types: {
    input: {} as PdfViewerInput,
    context: {} as PdfViewerContext,
    events: {} as PdfViewerEvent,
    emitted: {} as PdfViewerEmitted,
  },
  actors: {
    loadDocument: fromPromise<PdfDocument, { url: string }>(({ input, signal }) => loadPdfDocument(input.url, signal)),
    /** Never fails: what it could not fetch is only missing offline. */
    keepForOffline: fromPromise<void, { url: string }>(({ input, signal }) => keepDeckForOffline(input.url, signal)),
    renderPage: fromPromise<void, RenderPageInput>(({ input, signal }) => renderPdfPage(input, signal)),
    /** Lives as long as the deck is shown; frees pdf.js's copy when the viewer goes away. */
    keepDocument: fromCallback<EventObject, { document: PdfDocument }>(({ input }) => () => {
      void input.document.destroy?.().catch(() => {});
    }),
  },
  actions: {
    /** Spec §8: a failure is logged and emitted as events (analytics and the machine's own). */
    reportFailure: enqueueActions(({ context, enqueue }, params: { stage: PdfFailureStage; error: unknown }) => {
      const page = params.stage === 'render' ? context.page : null;
      enqueue(() => {
        console.error(`PDF ${params.stage} failed`, { url: context.url, page }, params.error);
        trackEvent(PDF_ERROR_EVENT, { stage: params.stage, title: context.title, page, ...describeError(params.error) });
      });
      enqueue.emit({ type: 'pdfError', stage: params.stage, page, error: params.error });
    }),
    /** Once per viewer: after the first time, reaching the last page again reports nothing. */
    reportLastSlideOnce: enqueueActions(({ context, enqueue }) => {
      if (context.lastSlideReported || context.pageCount === 0 || context.page !== context.pageCount) return;
      const { title, pageCount } = context;
      enqueue.assign({ lastSlideReported: true });
      enqueue(() => trackEvent(LESSON_SLIDE_END_EVENT, { title, pageCount }));
      enqueue.emit({ type: 'lastSlide', pageCount });
    }),
  },
  guards: {
    canGoNext: ({ context }) => context.page < context.pageCount,
    canGoPrevious: ({ context }) => context.page > 1,
    isAnotherPage: ({ context }, params: { page: number }) =>
      Number.isFinite(params.page) && clampPage(params.page, context.pageCount) !== context.page,
    hasRoomToDraw: ({ context }) => hasRoom(context.surface),
    surfaceResized: ({ context }, params: { surface: RenderSurface }) => !sameSurface(context.surface, params.surface),
    wasCancelled: (_, params: { error: unknown }) => isRenderingCancelled(params.error),
    isFullscreen: ({ context }) => context.fullscreen,
    hasPoster: ({ context }) => context.poster !== null,
  },
}).createMachine({
  id: 'pdfViewer',
  context: ({ input }) => ({
    url: input.url,
    title: input.title,
    poster: input.poster ?? null,
    drawn: false,
    document: null,
    page: 1,
    pageCount: input.poster?.pageCount ?? 0,
    fullscreen: false,
    zoomed: input.zoomed ?? false,
    surface: null,
    lastSlideReported: false,
  }),
  initial: 'starting',
  on: {
    TOGGLE_FULLSCREEN: { actions: assign({ fullscreen: ({ context }) => !context.fullscreen }) },
    // The new size reaches the machine as SURFACE_CHANGED (the component measures it), which redraws.
    TOGGLE_ZOOM: { actions: assign({ zoomed: ({ context }) => !context.zoomed }) },
    EXIT_FULLSCREEN: { guard: 'isFullscreen', actions: assign({ fullscreen: false }) },
    SURFACE_CHANGED: { actions: assign({ surface: ({ event }) => event.surface }) },
  },
  states: {
    starting: {
      always: [{ guard: 'hasPoster', target: 'poster' }, { target: 'loading' }],
    },
    poster: {
      // A one-page deck is read in full from its picture.
      entry: 'reportLastSlideOnce',
      invoke: { src: 'keepForOffline', input: ({ context }) => ({ url: context.url }) },
      on: {
        NEXT: { guard: 'canGoNext', target: 'loading', actions: assign({ page: ({ context }) => context.page + 1 }) },
        GOTO: {
          guard: { type: 'isAnotherPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: assign({ page: ({ context, event }) => clampPage(event.page, context.pageCount) }),
        },
        TOGGLE_ZOOM: { target: 'loading', actions: assign({ zoomed: ({ context }) => !context.zoomed }) },
        TOGGLE_FULLSCREEN: { target: 'loading', actions: assign({ fullscreen: ({ context }) => !context.fullscreen }) },
      },
    },
    loading: {
      invoke: {
        src: 'loadDocument',
        input: ({ context }) => ({ url: context.url }),
        onDone: {
          target: 'ready',
          // The page asked for from the poster, within the deck as it really is.
          actions: assign({
            document: ({ event }) => event.output,
            pageCount: ({ event }) => event.output.numPages,
            page: ({ context, event }) => clampPage(context.page, event.output.numPages),
          }),
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportFailure', params: ({ event }) => ({ stage: 'load' as const, error: event.error }) },
        },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      // A one-page deck is at its last slide as soon as it is shown.
      entry: 'reportLastSlideOnce',
      invoke: {
        src: 'keepDocument',
        input: ({ context }) => ({ document: context.document as PdfDocument }),
      },
      // Page changes target a child of `ready`: `ready` (and the document it keeps) stays, while the
      // display region is left and entered again, which stops a running render before the next starts.
      on: {
        NEXT: {
          guard: 'canGoNext',
          target: '.pending',
          actions: [assign({ page: ({ context }) => context.page + 1 }), 'reportLastSlideOnce'],
        },
        PREV: {
          guard: 'canGoPrevious',
          target: '.pending',
          actions: assign({ page: ({ context }) => context.page - 1 }),
        },
        GOTO: {
          guard: { type: 'isAnotherPage', params: ({ event }) => ({ page: event.page }) },
          target: '.pending',
          actions: [assign({ page: ({ context, event }) => clampPage(event.page, context.pageCount) }), 'reportLastSlideOnce'],
        },
        SURFACE_CHANGED: [
          {
            guard: { type: 'surfaceResized', params: ({ event }) => ({ surface: event.surface }) },
            target: '.pending',
            actions: assign({ surface: ({ event }) => event.surface }),
          },
          // Same size (e.g. only the height of a width-fitted deck moved): nothing to redraw.
          { actions: assign({ surface: ({ event }) => event.surface }) },
        ],
      },
      initial: 'pending',
      states: {
        pending: {
          always: { guard: 'hasRoomToDraw', target: 'rendering' },
        },
        rendering: {
          invoke: {
            src: 'renderPage',
            input: ({ context }) => ({
              document: context.document as PdfDocument,
              pageNumber: context.page,
              surface: context.surface as RenderSurface,
            }),
            onDone: { target: 'idle', actions: assign({ drawn: true }) },
            onError: [
              { guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'idle' },
              {
                target: 'renderFailed',
                actions: [
                  assign({ drawn: true }),
                  { type: 'reportFailure', params: ({ event }) => ({ stage: 'render' as const, error: event.error }) },
                ],
              },
            ],
          },
        },
        idle: {},
        renderFailed: {
          on: { RETRY: 'pending' },
        },
      },
    },
  },
});

export type PdfViewerSnapshot = SnapshotFrom<typeof pdfViewerMachine>;
export type PdfViewerActorRef = ActorRefFrom<typeof pdfViewerMachine>;

export type PdfViewerStatus = 'poster' | 'loading' | 'ready' | 'failed';

export const selectStatus = (snapshot: PdfViewerSnapshot): PdfViewerStatus =>
  snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : snapshot.matches('poster') ? 'poster' : 'loading';
/** The picture of the first slide, while no page is drawn yet (and the deck has not failed to load). */
export const selectShownPoster = (snapshot: PdfViewerSnapshot): SlidesPoster | null =>
  snapshot.context.drawn || snapshot.matches('failed') ? null : snapshot.context.poster;
export const selectPage = (snapshot: PdfViewerSnapshot): number => snapshot.context.page;
export const selectPageCount = (snapshot: PdfViewerSnapshot): number => snapshot.context.pageCount;
export const selectFullscreen = (snapshot: PdfViewerSnapshot): boolean => snapshot.context.fullscreen;
export const selectZoomed = (snapshot: PdfViewerSnapshot): boolean => snapshot.context.zoomed;
export const selectCanGoPrevious = (snapshot: PdfViewerSnapshot): boolean =>
  snapshot.matches('ready') && snapshot.context.page > 1;
export const selectCanGoNext = (snapshot: PdfViewerSnapshot): boolean =>
  (snapshot.matches('ready') || snapshot.matches('poster')) && snapshot.context.page < snapshot.context.pageCount;
export const selectRendering = (snapshot: PdfViewerSnapshot): boolean =>
  snapshot.matches({ ready: 'pending' }) || snapshot.matches({ ready: 'rendering' });
export const selectRenderFailed = (snapshot: PdfViewerSnapshot): boolean => snapshot.matches({ ready: 'renderFailed' });
