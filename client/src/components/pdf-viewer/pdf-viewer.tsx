import type { SlidesPoster } from '@campus/contracts/lessons';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { useBrowserFullscreen } from './use-browser-fullscreen';
import { useRenderSurface } from './use-render-surface';
import {
  pdfViewerMachine,
  selectCanGoNext,
  selectCanGoPrevious,
  selectFullscreen,
  selectPage,
  selectPageCount,
  selectRenderFailed,
  selectRendering,
  selectShownPoster,
  selectStatus,
  selectZoomed,
  type PdfViewerEvent,
} from './pdf-viewer.machine';
import type { RenderSurface } from './pdf-document';
import { PdfViewerToolbar } from './pdf-viewer-toolbar';
import './pdf-viewer.css';

export const LOADING_TEXT = 'スライドを読み込んでいます…';
export const LOAD_FAILED_TEXT = 'スライドを表示できませんでした。';
export const RELOAD_LABEL = '再読み込み';
export const DOWNLOAD_LABEL = 'PDFをダウンロード';
export const PAGE_FAILED_TEXT = 'このページを表示できませんでした。';
export const REDRAW_LABEL = 'もう一度表示する';

export interface PdfViewerProps {
  /** The PDF: an opaque same-origin address (e.g. the download proxy's). */
  url: string;
  /** The deck's title: names the viewer region. */
  title: string;
  /** The first slide as an image: shown until the learner pages, zooms or goes fullscreen, with no pdf.js loaded. */
  poster?: SlidesPoster | null;
  /** Called once per viewer, when the learner reaches the last slide (at once for a one-page deck). */
  onLastSlide?: () => void;
  /** Tests pass `pdfViewerMachine.provide({...})` (fake document and renderer: no pdf.js in jsdom). */
  logic?: typeof pdfViewerMachine;
}

/** Below this width a slide fitted to the column has text of ~7 px: the deck starts enlarged there. */
const PHONE_QUERY = '(max-width: 599px)';
const startsZoomed = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * A slide deck (a PDF) shown one page at a time, with 前へ / 次へ, the position "n / N", 拡大表示,
 * fullscreen, and the keyboard: ← → (PageUp / PageDown, Home / End) page, Escape toggles fullscreen.
 * Behaviour is `pdfViewerMachine`'s. Another `url` is another deck: a fresh viewer.
 */
export function PdfViewer(props: PdfViewerProps) {
  return <PdfDeck key={props.url} {...props} />;
}

/** The keys that page, and what they send. */
function keyEvent(key: string, pageCount: number): PdfViewerEvent | null {
  switch (key) {
    case 'ArrowLeft':
    case 'PageUp':
      return { type: 'PREV' };
    case 'ArrowRight':
    case 'PageDown':
      return { type: 'NEXT' };
    case 'Home':
      return { type: 'GOTO', page: 1 };
    case 'End':
      return { type: 'GOTO', page: pageCount };
    case 'Escape':
      return { type: 'TOGGLE_FULLSCREEN' };
    default:
      return null;
  }
}

function PdfDeck({ url, title, poster: givenPoster, onLastSlide, logic = pdfViewerMachine }: PdfViewerProps) {
  const actor = useActorRef(logic, { input: { url, title, poster: givenPoster ?? null, zoomed: startsZoomed() } });
  const status = useSelector(actor, selectStatus);
  const poster = useSelector(actor, selectShownPoster);
  const page = useSelector(actor, selectPage);
  const pageCount = useSelector(actor, selectPageCount);
  const fullscreen = useSelector(actor, selectFullscreen);
  const zoomed = useSelector(actor, selectZoomed);
  const panning = zoomed && !fullscreen;
  const canGoPrevious = useSelector(actor, selectCanGoPrevious);
  const canGoNext = useSelector(actor, selectCanGoNext);
  const rendering = useSelector(actor, selectRendering);
  const renderFailed = useSelector(actor, selectRenderFailed);

  const regionRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  const reportSurface = useCallback((surface: RenderSurface) => actor.send({ type: 'SURFACE_CHANGED', surface }), [actor]);
  useRenderSurface(stageRef, canvasRef, fullscreen, zoomed, reportSurface);
  useBrowserFullscreen(regionRef, fullscreen, () => actor.send({ type: 'EXIT_FULLSCREEN' }));

  // The latest callback, without resubscribing on every render.
  const onLastSlideRef = useRef(onLastSlide);
  onLastSlideRef.current = onLastSlide;
  useEffect(() => {
    const subscription = actor.on('lastSlide', () => onLastSlideRef.current?.());
    return () => subscription.unsubscribe();
  }, [actor]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // On the enlarged slide's stage the arrows pan across it, as in any scrolled box.
    if (panning && event.target === stageRef.current && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) return;
    const command = keyEvent(event.key, pageCount);
    if (!command) return;
    // The page must not scroll, and Escape must not also close something around the viewer.
    event.preventDefault();
    event.stopPropagation();
    actor.send(command);
  };

  return (
    <div
      ref={regionRef}
      className={`pdf-viewer${fullscreen ? ' pdf-viewer--fullscreen' : ''}${panning ? ' pdf-viewer--zoomed' : ''}`}
      role="region"
      aria-label={`スライド: ${title}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      {/* Enlarged, the stage scrolls across: then it takes the focus too, so a keyboard can pan it. */}
      <div
        ref={stageRef}
        className="pdf-viewer__stage"
        aria-busy={status === 'loading' || rendering}
        {...(panning ? { tabIndex: 0, role: 'group', 'aria-label': '拡大したスライド（横にスクロールできます）' } : {})}
      >
        {/* Drawn while hidden behind the poster, then shown in its place at the same size. */}
        <canvas
          ref={canvasRef}
          className="pdf-viewer__canvas"
          hidden={status !== 'ready' || poster !== null}
          role="img"
          aria-label={`${page}枚目のスライド（全${pageCount}枚）`}
        />
        {poster ? (
          <img
            className="pdf-viewer__poster"
            src={poster.url}
            width={poster.width}
            height={poster.height}
            alt={`1枚目のスライド（全${poster.pageCount}枚）`}
            fetchPriority="high"
          />
        ) : null}
        {status === 'loading' && !poster ? (
          <p className="pdf-viewer__message" role="status">
            {LOADING_TEXT}
          </p>
        ) : null}
        {status === 'failed' ? (
          <div className="pdf-viewer__message pdf-viewer__message--error" role="alert">
            <p>{LOAD_FAILED_TEXT}</p>
            <div className="pdf-viewer__actions">
              <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'RETRY' })}>
                {RELOAD_LABEL}
              </button>
              <a className="button" href={url} download>
                {DOWNLOAD_LABEL}
              </a>
            </div>
          </div>
        ) : null}
        {renderFailed ? (
          <div className="pdf-viewer__message pdf-viewer__message--overlay" role="alert">
            <p>{PAGE_FAILED_TEXT}</p>
            <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
              {REDRAW_LABEL}
            </button>
          </div>
        ) : null}
      </div>
      <PdfViewerToolbar
        ready={status === 'ready' || status === 'poster'}
        page={page}
        pageCount={pageCount}
        canGoPrevious={canGoPrevious}
        canGoNext={canGoNext}
        fullscreen={fullscreen}
        zoomed={zoomed}
        onToggleZoom={() => actor.send({ type: 'TOGGLE_ZOOM' })}
        onPrevious={() => actor.send({ type: 'PREV' })}
        onNext={() => actor.send({ type: 'NEXT' })}
        onToggleFullscreen={() => actor.send({ type: 'TOGGLE_FULLSCREEN' })}
      />
    </div>
  );
}
