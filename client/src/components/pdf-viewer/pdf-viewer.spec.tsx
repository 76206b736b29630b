import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { fromPromise } from 'xstate';
import { setAnalyticsAdapter } from '../../lib/analytics';
import { deferred } from '../../test/deferred';
import { pdfViewerMachine } from './pdf-viewer.machine';
import type { PdfDocument, PdfPage } from './pdf-document';
import type { RenderPageInput } from './pdfjs/render-pdf-page';
import { PdfViewer } from './pdf-viewer';

const URL = '/api/v1/download?url=%2Fmedia%2Fslides%2Fstart.pdf';
const TITLE = 'はじめての配信';

const fakeDocument = (numPages: number): PdfDocument => ({ numPages, getPage: async () => ({}) as PdfPage });

interface Fakes {
  loads?: (() => Promise<PdfDocument>)[];
}

/** The real machine with a fake document and renderer: no pdf.js in jsdom. */
function fakeViewer(fakes: Fakes = {}) {
  const renders: RenderPageInput[] = [];
  let loadCount = 0;
  const loads = fakes.loads ?? [async () => fakeDocument(3)];
  const logic = pdfViewerMachine.provide({
    actors: {
      loadDocument: fromPromise<PdfDocument, { url: string }>(() => loads[Math.min(loadCount++, loads.length - 1)]!()),
      renderPage: fromPromise<void, RenderPageInput>(async ({ input }) => {
        renders.push(input);
      }),
    },
  });
  return { logic, renders };
}

function renderViewer(fakes: Fakes = {}, onLastSlide = jest.fn()) {
  const { logic, renders } = fakeViewer(fakes);
  const view = render(<PdfViewer url={URL} title={TITLE} onLastSlide={onLastSlide} logic={logic} />);
  return { ...view, renders, onLastSlide, region: () => screen.getByRole('region', { name: `スライド: ${TITLE}` }) };
}

const position = () => document.querySelector('.pdf-viewer__position')!;
const previousButton = () => screen.getByRole('button', { name: '前へ' }) as HTMLButtonElement;
const nextButton = () => screen.getByRole('button', { name: '次へ' }) as HTMLButtonElement;
/** Waits for the position, then lets the (fake) render of that page finish inside act. */
async function shows(text: string) {
  await waitFor(() => expect(position().textContent).toBe(text));
  await act(async () => {});
}

let restoreAnalytics: () => void;
beforeEach(() => {
  restoreAnalytics = setAnalyticsAdapter(null);
  // jsdom lays nothing out: give the stage a width so that pages are drawn.
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(720);
});
afterEach(() => restoreAnalytics());

describe('PdfViewer', () => {
  it('says it is loading, then shows page 1 of N in a labelled, focusable region', async () => {
    const pending = deferred<PdfDocument>();
    const { region, renders } = renderViewer({ loads: [() => pending.promise] });

    expect(screen.getByRole('status').textContent).toBe('スライドを読み込んでいます…');
    expect(previousButton().disabled).toBe(true);
    expect(nextButton().disabled).toBe(true);
    expect(region().tabIndex).toBe(0);

    await act(async () => pending.resolve(fakeDocument(3)));

    await shows('1 / 3');
    expect(position().getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByText('スライドを読み込んでいます…')).toBeNull();
    expect(previousButton().disabled).toBe(true);
    expect(nextButton().disabled).toBe(false);
    expect(renders.map((r) => [r.pageNumber, r.surface.width])).toEqual([[1, 720]]);
  });

  describe('拡大表示', () => {
    const zoom = () => screen.getByRole('button', { name: '拡大表示' });
    // jsdom has no matchMedia: the viewer asks it whether the screen is a phone's.
    const phone = (matches: boolean) =>
      Object.defineProperty(window, 'matchMedia', { value: (query: string) => ({ matches, media: query }) as MediaQueryList, configurable: true });
    afterEach(() => delete (window as { matchMedia?: unknown }).matchMedia);

    it('starts enlarged on a phone: twice the stage’s width, panned in a focusable stage; the toggle fits it again', async () => {
      phone(true);
      const { renders, region } = renderViewer();
      await shows('1 / 3');
      expect(zoom().getAttribute('aria-pressed')).toBe('true');
      expect(renders.map((r) => r.surface.width)).toEqual([1440]);
      const stage = screen.getByRole('group', { name: '拡大したスライド（横にスクロールできます）' });
      expect(stage.tabIndex).toBe(0);
      // The arrows pan the focused stage instead of paging.
      fireEvent.keyDown(stage, { key: 'ArrowRight' });
      await shows('1 / 3');

      fireEvent.click(zoom());
      await waitFor(() => expect(renders.map((r) => r.surface.width)).toEqual([1440, 720]));
      expect(zoom().getAttribute('aria-pressed')).toBe('false');
      expect(screen.queryByRole('group')).toBeNull();
      fireEvent.keyDown(region(), { key: 'ArrowRight' });
      await shows('2 / 3');
    });

    it('starts fitted on a wide screen, and is not offered in fullscreen', async () => {
      phone(false);
      const { renders } = renderViewer();
      await shows('1 / 3');
      expect(zoom().getAttribute('aria-pressed')).toBe('false');
      expect(renders.map((r) => r.surface.width)).toEqual([720]);
      fireEvent.click(screen.getByRole('button', { name: '全画面表示' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: '拡大表示' })).toBeNull());
    });
  });

  it('pages with the buttons, disabled at the ends, and reports the last slide once', async () => {
    const { onLastSlide } = renderViewer();
    await shows('1 / 3');

    fireEvent.click(nextButton());
    await shows('2 / 3');
    expect(previousButton().disabled).toBe(false);
    fireEvent.click(nextButton());
    await shows('3 / 3');
    expect(nextButton().disabled).toBe(true);
    expect(onLastSlide).toHaveBeenCalledTimes(1);

    fireEvent.click(previousButton());
    await shows('2 / 3');
    fireEvent.click(nextButton());
    await shows('3 / 3');
    expect(onLastSlide).toHaveBeenCalledTimes(1);
  });

  it('pages with the arrow keys and PageUp / PageDown when the viewer has focus', async () => {
    const { region } = renderViewer();
    await shows('1 / 3');
    region().focus();

    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    await shows('2 / 3');
    fireEvent.keyDown(region(), { key: 'PageDown' });
    await shows('3 / 3');
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    await shows('3 / 3');
    fireEvent.keyDown(region(), { key: 'ArrowLeft' });
    await shows('2 / 3');
    fireEvent.keyDown(region(), { key: 'PageUp' });
    await shows('1 / 3');
    // A browser shortcut is not a page change.
    fireEvent.keyDown(region(), { key: 'ArrowRight', altKey: true });
    await shows('1 / 3');
  });

  it('reports the last slide of a one-page deck as soon as it is shown', async () => {
    const { onLastSlide } = renderViewer({ loads: [async () => fakeDocument(1)] });
    await shows('1 / 1');
    expect(onLastSlide).toHaveBeenCalledTimes(1);
    expect(nextButton().disabled).toBe(true);
    expect(previousButton().disabled).toBe(true);
  });

  describe('fullscreen', () => {
    it('toggles with the button (aria-pressed) and with Escape, falling back to CSS without the Fullscreen API', async () => {
      const { region } = renderViewer();
      await shows('1 / 3');
      const toggle = screen.getByRole('button', { name: '全画面表示' });
      expect(toggle.getAttribute('aria-pressed')).toBe('false');

      fireEvent.click(toggle);

      expect(toggle.getAttribute('aria-pressed')).toBe('true');
      expect(toggle.textContent).toBe('全画面表示を終了');
      expect(region().classList.contains('pdf-viewer--fullscreen')).toBe(true);

      fireEvent.keyDown(region(), { key: 'Escape' });
      expect(toggle.getAttribute('aria-pressed')).toBe('false');
      expect(toggle.textContent).toBe('全画面表示');
      expect(region().classList.contains('pdf-viewer--fullscreen')).toBe(false);

      fireEvent.keyDown(region(), { key: 'Escape' });
      expect(toggle.getAttribute('aria-pressed')).toBe('true');
    });

    describe('with the Fullscreen API', () => {
      let fullscreenElement: Element | null;
      let requestFullscreen: jest.Mock;
      let exitFullscreen: jest.Mock;

      beforeEach(() => {
        fullscreenElement = null;
        const becomeFullscreen = (element: Element | null) => {
          fullscreenElement = element;
          document.dispatchEvent(new Event('fullscreenchange'));
        };
        requestFullscreen = jest.fn(function (this: Element) {
          becomeFullscreen(this);
          return Promise.resolve();
        });
        exitFullscreen = jest.fn(() => {
          becomeFullscreen(null);
          return Promise.resolve();
        });
        Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { value: requestFullscreen, configurable: true });
        Object.defineProperty(document, 'exitFullscreen', { value: exitFullscreen, configurable: true });
        Object.defineProperty(document, 'fullscreenEnabled', { get: () => true, configurable: true });
        Object.defineProperty(document, 'fullscreenElement', { get: () => fullscreenElement, configurable: true });
      });

      afterEach(() => {
        delete (HTMLElement.prototype as Partial<HTMLElement>).requestFullscreen;
        for (const key of ['exitFullscreen', 'fullscreenEnabled', 'fullscreenElement']) delete (document as any)[key];
      });

      it('asks the browser for fullscreen on the viewer, and leaves it again', async () => {
        const { region } = renderViewer();
        await shows('1 / 3');

        fireEvent.click(screen.getByRole('button', { name: '全画面表示' }));
        expect(requestFullscreen).toHaveBeenCalledTimes(1);
        expect(fullscreenElement).toBe(region());

        // Back in the page, the slide is drawn for the page's width again.
        await act(async () => fireEvent.click(screen.getByRole('button', { name: '全画面表示を終了' })));
        expect(exitFullscreen).toHaveBeenCalledTimes(1);
        expect(fullscreenElement).toBeNull();
      });

      it('follows when the browser leaves fullscreen by its own means', async () => {
        renderViewer();
        await shows('1 / 3');
        fireEvent.click(screen.getByRole('button', { name: '全画面表示' }));
        const toggle = screen.getByRole('button', { name: '全画面表示を終了' });
        expect(toggle.getAttribute('aria-pressed')).toBe('true');

        // The learner pressed the browser's own Escape.
        await act(async () => {
          fullscreenElement = null;
          document.dispatchEvent(new Event('fullscreenchange'));
        });

        expect(toggle.getAttribute('aria-pressed')).toBe('false');
        expect(toggle.textContent).toBe('全画面表示');
        expect(exitFullscreen).not.toHaveBeenCalled();
      });

      it('stays fullscreen with the CSS fallback when the browser refuses', async () => {
        requestFullscreen.mockImplementation(() => Promise.reject(new TypeError('Permissions check failed')));
        const { region } = renderViewer();
        await shows('1 / 3');

        await act(async () => fireEvent.click(screen.getByRole('button', { name: '全画面表示' })));

        expect(requestFullscreen).toHaveBeenCalledTimes(1);
        expect(screen.getByRole('button', { name: '全画面表示を終了' }).getAttribute('aria-pressed')).toBe('true');
        expect(region().classList.contains('pdf-viewer--fullscreen')).toBe(true);
      });
    });
  });

  it('offers a reload and the download when the deck cannot be shown', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderViewer({ loads: [() => Promise.reject(new Error('Missing PDF')), async () => fakeDocument(2)] });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('スライドを表示できませんでした。');
    const download = screen.getByRole('link', { name: 'PDFをダウンロード' });
    expect(download.getAttribute('href')).toBe(URL);
    expect(download.hasAttribute('download')).toBe(true);
    expect(nextButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));

    await shows('1 / 2');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('survives StrictMode: one deck, drawn, last slide reported once', async () => {
    const { logic, renders } = fakeViewer({ loads: [async () => fakeDocument(1)] });
    const onLastSlide = jest.fn();
    render(
      <StrictMode>
        <PdfViewer url={URL} title={TITLE} onLastSlide={onLastSlide} logic={logic} />
      </StrictMode>,
    );
    await shows('1 / 1');
    expect(onLastSlide).toHaveBeenCalledTimes(1);
    expect(renders.length).toBeGreaterThan(0);
  });

  it('starts a fresh viewer for another deck', async () => {
    const { logic } = fakeViewer();
    const onLastSlide = jest.fn();
    const { rerender } = render(<PdfViewer url={URL} title={TITLE} onLastSlide={onLastSlide} logic={logic} />);
    await shows('1 / 3');
    fireEvent.click(nextButton());
    await shows('2 / 3');

    rerender(<PdfViewer url="/api/v1/download?url=%2Fmedia%2Fslides%2Fnext.pdf" title="次の回" onLastSlide={onLastSlide} logic={logic} />);

    await shows('1 / 3');
    expect(screen.getByRole('region', { name: 'スライド: 次の回' })).toBeInTheDocument();
  });
});

describe('PdfViewer with a picture of the first slide', () => {
  const POSTER = { url: '/api/v1/download?url=%2Fmedia%2Fslides%2Fstart.poster.webp', width: 1280, height: 720, pageCount: 3 };

  it('shows the picture at its size with the position, and draws the deck in its place after 次へ', async () => {
    const load = jest.fn(async () => fakeDocument(3));
    const { logic, renders } = fakeViewer({ loads: [load] });
    render(<PdfViewer url={URL} title={TITLE} poster={POSTER} logic={logic} />);

    const picture = screen.getByRole('img', { name: '1枚目のスライド（全3枚）' });
    expect(picture.tagName).toBe('IMG');
    expect(picture.getAttribute('src')).toBe(POSTER.url);
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['1280', '720']);
    expect(document.querySelector('canvas')!.hidden).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
    expect(position().textContent).toBe('1 / 3');
    expect(nextButton().disabled).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(renders).toEqual([]);

    fireEvent.click(nextButton());
    await shows('2 / 3');

    expect(renders.map((input) => input.pageNumber)).toEqual([2]);
    expect(screen.queryByRole('img', { name: '1枚目のスライド（全3枚）' })).toBeNull();
    expect(document.querySelector('canvas')!.hidden).toBe(false);
    expect(screen.getByRole('img', { name: '2枚目のスライド（全3枚）' }).tagName).toBe('CANVAS');
  });
});
