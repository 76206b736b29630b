import type { SlidesPoster } from '@campus/contracts/lessons';
import { createActor, fromPromise, waitFor } from 'xstate';
import { setAnalyticsAdapter, type AnalyticsParams } from '../../lib/analytics';
import { deferred } from '../../test/deferred';
import type { PdfDocument, PdfPage, RenderSurface } from './pdf-document';
import type { RenderPageInput } from './pdfjs/render-pdf-page';
import {
  pdfViewerMachine,
  selectCanGoNext,
  selectCanGoPrevious,
  selectShownPoster,
  selectStatus,
  type PdfViewerEmitted,
} from './pdf-viewer.machine';

const TITLE = 'LINE公式アカウントのはじめ方';
const URL = '/api/v1/download?url=%2Fmedia%2Fslides%2Fstart.pdf';

function fakeDocument(numPages: number) {
  return {
    numPages,
    getPage: jest.fn(async () => ({}) as PdfPage),
    destroy: jest.fn(async () => {}),
  } satisfies PdfDocument;
}

const aSurface = (width = 800, height: number | null = null): RenderSurface => ({
  canvas: document.createElement('canvas'),
  width,
  height,
  pixelRatio: 2,
});

function cancelled(): Error {
  const error = new Error('Rendering cancelled, page 1');
  error.name = 'RenderingCancelledException';
  return error;
}

interface Render {
  page: number;
  surface: RenderSurface;
  signal: AbortSignal;
}

interface Fakes {
  /** Each call of the loader takes the next answer (the last one repeats). */
  loads?: (() => Promise<PdfDocument>)[];
  /** How a render ends; by default at once. */
  render?: (render: Render) => Promise<void>;
  poster?: SlidesPoster;
}

function setUp(fakes: Fakes = {}) {
  const renders: Render[] = [];
  const loadedUrls: string[] = [];
  /** The background fetches for offline reading started, each with the signal that ends it. */
  const kept: { url: string; signal: AbortSignal }[] = [];
  const loads = fakes.loads ?? [async () => fakeDocument(3)];
  const logic = pdfViewerMachine.provide({
    actors: {
      loadDocument: fromPromise<PdfDocument, { url: string }>(({ input }) => {
        const load = loads[Math.min(loadedUrls.length, loads.length - 1)]!;
        loadedUrls.push(input.url);
        return load();
      }),
      renderPage: fromPromise<void, RenderPageInput>(({ input, signal }) => {
        const render = { page: input.pageNumber, surface: input.surface, signal };
        renders.push(render);
        return fakes.render ? fakes.render(render) : Promise.resolve();
      }),
      keepForOffline: fromPromise<void, { url: string }>(({ input, signal }) => {
        kept.push({ url: input.url, signal });
        return new Promise<void>(() => {});
      }),
    },
  });
  const actor = createActor(logic, { input: { url: URL, title: TITLE, poster: fakes.poster ?? null } });
  const emitted: PdfViewerEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, renders, loadedUrls, emitted, kept };
}

type Viewer = ReturnType<typeof setUp>['actor'];

const isReady = (actor: Viewer) => waitFor(actor, (s) => s.matches('ready'));
const settled = (actor: Viewer) =>
  waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches({ ready: 'renderFailed' }) || s.matches('failed'));

/** A deck that is loaded and has room to draw. */
async function shownDeck(fakes: Fakes = {}) {
  const viewer = setUp(fakes);
  viewer.actor.send({ type: 'SURFACE_CHANGED', surface: aSurface() });
  await isReady(viewer.actor);
  return viewer;
}

let analytics: { name: string; params: AnalyticsParams }[];
let restoreAnalytics: () => void;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  analytics = [];
  restoreAnalytics = setAnalyticsAdapter({
    event: (name, params) => analytics.push({ name, params }),
    goal: () => {},
    pageView: () => {},
  });
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => restoreAnalytics());

const slideEnds = () => analytics.filter((event) => event.name === 'lesson_slide_end');
const pdfErrors = () => analytics.filter((event) => event.name === 'pdf_error');

describe('pdfViewerMachine', () => {
  describe('loading', () => {
    it('loads the deck from its url and opens it at page 1 of N', async () => {
      const { actor, loadedUrls } = setUp();
      expect(actor.getSnapshot().value).toBe('loading');

      await isReady(actor);

      expect(loadedUrls).toEqual([URL]);
      expect(actor.getSnapshot().context).toMatchObject({ page: 1, pageCount: 3, fullscreen: false });
    });

    it('draws nothing until it knows where (and has room) to draw, then draws page 1 there', async () => {
      const { actor, renders } = setUp();
      await isReady(actor);
      expect(renders).toEqual([]);

      actor.send({ type: 'SURFACE_CHANGED', surface: aSurface(0) });
      expect(renders).toEqual([]);

      const surface = aSurface(640);
      actor.send({ type: 'SURFACE_CHANGED', surface });
      await settled(actor);
      expect(renders.map((r) => [r.page, r.surface])).toEqual([[1, surface]]);
    });

    it('goes to failed when the deck cannot be loaded, logs and reports it, and loads again on RETRY', async () => {
      const failure = new Error('Unexpected server response (502)');
      const { actor, emitted, loadedUrls } = setUp({
        loads: [() => Promise.reject(failure), async () => fakeDocument(3)],
      });

      await waitFor(actor, (s) => s.matches('failed'));
      expect(consoleError).toHaveBeenCalledWith('PDF load failed', { url: URL, page: null }, failure);
      expect(pdfErrors()).toEqual([
        {
          name: 'pdf_error',
          params: { stage: 'load', title: TITLE, page: null, errorName: 'Error', message: 'Unexpected server response (502)' },
        },
      ]);
      expect(emitted).toEqual([{ type: 'pdfError', stage: 'load', page: null, error: failure }]);

      actor.send({ type: 'RETRY' });
      await isReady(actor);
      expect(loadedUrls).toEqual([URL, URL]);
      expect(actor.getSnapshot().context.pageCount).toBe(3);
    });

    it('ignores page changes before the deck is loaded', () => {
      const pending = deferred<PdfDocument>();
      const { actor } = setUp({ loads: [() => pending.promise] });
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'GOTO', page: 3 });
      expect(actor.getSnapshot().context.page).toBe(1);
      expect(actor.getSnapshot().value).toBe('loading');
    });
  });

  describe('paging', () => {
    it('moves between 1 and N and no further', async () => {
      const { actor, renders } = await shownDeck();
      await settled(actor);
      expect(selectCanGoPrevious(actor.getSnapshot())).toBe(false);
      expect(selectCanGoNext(actor.getSnapshot())).toBe(true);

      actor.send({ type: 'PREV' });
      expect(actor.getSnapshot().context.page).toBe(1);

      actor.send({ type: 'NEXT' });
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().context.page).toBe(3);
      expect(selectCanGoNext(actor.getSnapshot())).toBe(false);
      expect(selectCanGoPrevious(actor.getSnapshot())).toBe(true);

      actor.send({ type: 'PREV' });
      expect(actor.getSnapshot().context.page).toBe(2);
      await settled(actor);
      // One render per page actually shown: the refused moves drew nothing.
      expect(renders.map((r) => r.page)).toEqual([1, 2, 3, 2]);
    });

    it('clamps GOTO to the deck and ignores what is not a page', async () => {
      const { actor } = await shownDeck();

      actor.send({ type: 'GOTO', page: 99 });
      expect(actor.getSnapshot().context.page).toBe(3);
      actor.send({ type: 'GOTO', page: -4 });
      expect(actor.getSnapshot().context.page).toBe(1);
      actor.send({ type: 'GOTO', page: 2.4 });
      expect(actor.getSnapshot().context.page).toBe(2);
      actor.send({ type: 'GOTO', page: Number.NaN });
      expect(actor.getSnapshot().context.page).toBe(2);
    });

    it('cancels the running render when another page is asked for', async () => {
      const first = deferred();
      const { actor, renders } = await shownDeck({
        render: (render) => (render.page === 1 ? first.promise : Promise.resolve()),
      });
      expect(renders).toHaveLength(1);
      expect(renders[0]!.signal.aborted).toBe(false);

      actor.send({ type: 'NEXT' });

      expect(renders[0]!.signal.aborted).toBe(true);
      expect(renders.map((r) => r.page)).toEqual([1, 2]);
      await settled(actor);
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    });

    it('draws the page again when the room changes size, not when it stays the same', async () => {
      const { actor, renders } = await shownDeck();
      await settled(actor);

      const fullscreenSurface = { ...renders[0]!.surface, width: 1280, height: 720 };
      actor.send({ type: 'SURFACE_CHANGED', surface: fullscreenSurface });
      await settled(actor);
      actor.send({ type: 'SURFACE_CHANGED', surface: { ...fullscreenSurface } });
      await settled(actor);

      expect(renders.map((r) => [r.page, r.surface.width, r.surface.height])).toEqual([
        [1, 800, null],
        [1, 1280, 720],
      ]);
    });
  });

  describe('render failures', () => {
    it('ignores a render that pdf.js cancelled', async () => {
      const { actor, emitted } = await shownDeck({ render: () => Promise.reject(cancelled()) });
      await settled(actor);

      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
      expect(consoleError).not.toHaveBeenCalled();
      expect(pdfErrors()).toEqual([]);
      expect(emitted.filter((event) => event.type === 'pdfError')).toEqual([]);
    });

    it('logs and reports any other render failure, and the deck stays usable', async () => {
      const broken = new TypeError('bad XObject');
      const { actor, emitted, renders } = await shownDeck({
        render: (render) => (render.page === 2 && renders.length === 2 ? Promise.reject(broken) : Promise.resolve()),
      });
      actor.send({ type: 'NEXT' });
      await settled(actor);

      expect(actor.getSnapshot().matches({ ready: 'renderFailed' })).toBe(true);
      expect(consoleError).toHaveBeenCalledWith('PDF render failed', { url: URL, page: 2 }, broken);
      expect(pdfErrors()).toEqual([
        { name: 'pdf_error', params: { stage: 'render', title: TITLE, page: 2, errorName: 'TypeError', message: 'bad XObject' } },
      ]);
      expect(emitted).toContainEqual({ type: 'pdfError', stage: 'render', page: 2, error: broken });

      // Still a deck: it pages, and RETRY draws the failed page again.
      actor.send({ type: 'NEXT' });
      await settled(actor);
      expect(actor.getSnapshot().context.page).toBe(3);
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);

      actor.send({ type: 'PREV' });
      await settled(actor);
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
      expect(renders.map((r) => r.page)).toEqual([1, 2, 3, 2]);
    });

    it('draws the page again on RETRY after a render failure', async () => {
      let attempts = 0;
      const { actor, renders } = await shownDeck({
        render: () => (++attempts === 1 ? Promise.reject(new Error('boom')) : Promise.resolve()),
      });
      await settled(actor);
      expect(actor.getSnapshot().matches({ ready: 'renderFailed' })).toBe(true);

      actor.send({ type: 'RETRY' });
      await settled(actor);

      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
      expect(renders.map((r) => r.page)).toEqual([1, 1]);
    });
  });

  describe('the last slide', () => {
    it('is reported exactly once, however often the learner comes back to it', async () => {
      const { actor, emitted } = await shownDeck();

      actor.send({ type: 'NEXT' });
      expect(slideEnds()).toEqual([]);
      actor.send({ type: 'NEXT' });
      expect(slideEnds()).toEqual([{ name: 'lesson_slide_end', params: { title: TITLE, pageCount: 3 } }]);

      actor.send({ type: 'PREV' });
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'GOTO', page: 1 });
      actor.send({ type: 'GOTO', page: 3 });

      expect(slideEnds()).toHaveLength(1);
      expect(emitted.filter((event) => event.type === 'lastSlide')).toEqual([{ type: 'lastSlide', pageCount: 3 }]);
    });

    it('is reported when GOTO jumps past the end', async () => {
      const { actor } = await shownDeck();
      actor.send({ type: 'GOTO', page: 10 });
      expect(slideEnds()).toHaveLength(1);
    });

    it('is reported as soon as a one-page deck is shown, and only then', async () => {
      const { actor, emitted } = await shownDeck({ loads: [async () => fakeDocument(1)] });

      expect(slideEnds()).toEqual([{ name: 'lesson_slide_end', params: { title: TITLE, pageCount: 1 } }]);
      expect(selectCanGoNext(actor.getSnapshot())).toBe(false);
      expect(selectCanGoPrevious(actor.getSnapshot())).toBe(false);

      actor.send({ type: 'NEXT' });
      actor.send({ type: 'GOTO', page: 1 });
      actor.send({ type: 'SURFACE_CHANGED', surface: aSurface(500) });
      await settled(actor);
      expect(emitted.filter((event) => event.type === 'lastSlide')).toHaveLength(1);
    });

    it('is not reported for a deck that never reached its end', async () => {
      const { actor } = await shownDeck();
      actor.send({ type: 'NEXT' });
      actor.stop();
      expect(slideEnds()).toEqual([]);
    });
  });

  describe('fullscreen', () => {
    it('toggles, and leaves on EXIT_FULLSCREEN', async () => {
      const { actor } = await shownDeck();
      const fullscreen = () => actor.getSnapshot().context.fullscreen;

      actor.send({ type: 'TOGGLE_FULLSCREEN' });
      expect(fullscreen()).toBe(true);
      actor.send({ type: 'TOGGLE_FULLSCREEN' });
      expect(fullscreen()).toBe(false);

      actor.send({ type: 'TOGGLE_FULLSCREEN' });
      actor.send({ type: 'EXIT_FULLSCREEN' });
      expect(fullscreen()).toBe(false);
      actor.send({ type: 'EXIT_FULLSCREEN' });
      expect(fullscreen()).toBe(false);
    });

    it('keeps the page while toggling, and works while loading too', async () => {
      const pending = deferred<PdfDocument>();
      const { actor } = setUp({ loads: [() => pending.promise] });
      actor.send({ type: 'TOGGLE_FULLSCREEN' });
      expect(actor.getSnapshot().context.fullscreen).toBe(true);

      pending.resolve(fakeDocument(3));
      await isReady(actor);
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'TOGGLE_FULLSCREEN' });
      expect(actor.getSnapshot().context).toMatchObject({ fullscreen: false, page: 2 });
    });
  });

  describe('the document', () => {
    it('is kept while paging and freed when the viewer goes away', async () => {
      const deck = fakeDocument(3);
      const { actor } = await shownDeck({ loads: [async () => deck] });

      actor.send({ type: 'NEXT' });
      actor.send({ type: 'SURFACE_CHANGED', surface: aSurface(300) });
      await settled(actor);
      expect(deck.destroy).not.toHaveBeenCalled();

      actor.stop();
      expect(deck.destroy).toHaveBeenCalledTimes(1);
    });
  });
});

describe('a deck with a picture of its first slide (poster)', () => {
  const POSTER: SlidesPoster = { url: '/api/v1/download?url=%2Fmedia%2Fslides%2Fstart.poster.webp', width: 1280, height: 720, pageCount: 3 };

  it('shows the picture with the deck\'s position and loads nothing until the learner acts', () => {
    const { actor, loadedUrls, renders } = setUp({ poster: POSTER });
    actor.send({ type: 'SURFACE_CHANGED', surface: aSurface() });
    actor.send({ type: 'PREV' });

    const snapshot = actor.getSnapshot();
    expect(selectStatus(snapshot)).toBe('poster');
    expect(selectShownPoster(snapshot)).toEqual(POSTER);
    expect(snapshot.context).toMatchObject({ page: 1, pageCount: 3 });
    expect(selectCanGoNext(snapshot)).toBe(true);
    expect(selectCanGoPrevious(snapshot)).toBe(false);
    expect(loadedUrls).toEqual([]);
    expect(renders).toEqual([]);
  });

  it('fetches the deck for offline reading while it is a picture, and stops when the learner pages or leaves', () => {
    const paged = setUp({ poster: POSTER });
    expect(paged.kept.map((fetch) => fetch.url)).toEqual([URL]);
    expect(paged.kept[0]!.signal.aborted).toBe(false);
    paged.actor.send({ type: 'NEXT' });
    expect(paged.kept[0]!.signal.aborted).toBe(true);
    expect(paged.kept).toHaveLength(1);

    const left = setUp({ poster: POSTER });
    left.actor.stop();
    expect(left.kept[0]!.signal.aborted).toBe(true);

    // Without a picture the deck is loaded at once: nothing to fetch ahead.
    expect(setUp().kept).toEqual([]);
  });

  it('loads the deck on 次へ and draws the second page, keeping the picture until that page is drawn', async () => {
    const drawing = deferred<void>();
    const { actor, loadedUrls, renders } = setUp({ poster: POSTER, render: () => drawing.promise });
    actor.send({ type: 'SURFACE_CHANGED', surface: aSurface() });

    actor.send({ type: 'NEXT' });
    expect(loadedUrls).toEqual([URL]);
    await waitFor(actor, (s) => s.matches({ ready: 'rendering' }));
    expect(renders.map((render) => render.page)).toEqual([2]);
    expect(selectShownPoster(actor.getSnapshot())).toEqual(POSTER);

    drawing.resolve();
    await settled(actor);
    expect(selectShownPoster(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context).toMatchObject({ page: 2, pageCount: 3 });
  });

  it('loads the deck when the learner enlarges it, goes fullscreen or jumps to a page, with that request kept', async () => {
    const zoom = setUp({ poster: POSTER });
    zoom.actor.send({ type: 'TOGGLE_ZOOM' });
    expect(zoom.actor.getSnapshot().context.zoomed).toBe(true);
    expect(zoom.loadedUrls).toEqual([URL]);

    const fullscreen = setUp({ poster: POSTER });
    fullscreen.actor.send({ type: 'TOGGLE_FULLSCREEN' });
    expect(fullscreen.actor.getSnapshot().context.fullscreen).toBe(true);
    expect(fullscreen.loadedUrls).toEqual([URL]);

    // The picture's count may be older than the deck: the page asked for is kept within the deck loaded.
    const jump = setUp({ poster: POSTER, loads: [async () => fakeDocument(2)] });
    jump.actor.send({ type: 'GOTO', page: 3 });
    jump.actor.send({ type: 'SURFACE_CHANGED', surface: aSurface() });
    await settled(jump.actor);
    expect(jump.actor.getSnapshot().context).toMatchObject({ page: 2, pageCount: 2 });
    expect(jump.renders.map((render) => render.page)).toEqual([2]);
  });

  it('reports the last slide at once for a one-page deck shown as its picture, and then never again', async () => {
    const { actor, emitted } = setUp({ poster: { ...POSTER, pageCount: 1 }, loads: [async () => fakeDocument(1)] });
    expect(emitted).toEqual([{ type: 'lastSlide', pageCount: 1 }]);
    expect(selectCanGoNext(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'TOGGLE_ZOOM' });
    actor.send({ type: 'SURFACE_CHANGED', surface: aSurface() });
    await settled(actor);
    expect(emitted.filter((event) => event.type === 'lastSlide')).toHaveLength(1);
  });

  it('gives way to the failure message when the deck cannot be loaded, and to the canvas when a page cannot be drawn', async () => {
    const failing = setUp({ poster: POSTER, loads: [() => Promise.reject(new Error('network'))] });
    failing.actor.send({ type: 'NEXT' });
    await settled(failing.actor);
    expect(selectStatus(failing.actor.getSnapshot())).toBe('failed');
    expect(selectShownPoster(failing.actor.getSnapshot())).toBeNull();

    const unrenderable = setUp({ poster: POSTER, render: () => Promise.reject(new Error('bad page')) });
    unrenderable.actor.send({ type: 'NEXT' });
    unrenderable.actor.send({ type: 'SURFACE_CHANGED', surface: aSurface() });
    await settled(unrenderable.actor);
    expect(unrenderable.actor.getSnapshot().matches({ ready: 'renderFailed' })).toBe(true);
    expect(selectShownPoster(unrenderable.actor.getSnapshot())).toBeNull();
  });
});
