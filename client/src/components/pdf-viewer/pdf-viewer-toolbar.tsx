export const PREVIOUS_LABEL = '前へ';
export const NEXT_LABEL = '次へ';
export const ENTER_FULLSCREEN_LABEL = '全画面表示';
export const EXIT_FULLSCREEN_LABEL = '全画面表示を終了';
/** A toggle (aria-pressed): pressed, the slide is drawn twice the width of the stage, to pan across. */
export const ZOOM_LABEL = '拡大表示';

interface PdfViewerToolbarProps {
  /** False while loading or failed: the buttons to page are disabled and no position is shown. */
  ready: boolean;
  page: number;
  pageCount: number;
  canGoPrevious: boolean;
  canGoNext: boolean;
  fullscreen: boolean;
  zoomed: boolean;
  onToggleZoom: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onToggleFullscreen: () => void;
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg className="pdf-viewer__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** 前へ / "n / N" / 次へ, and the zoom and fullscreen toggles, under the slide. */
export function PdfViewerToolbar(props: PdfViewerToolbarProps) {
  const { ready, page, pageCount, canGoPrevious, canGoNext, fullscreen, zoomed } = props;
  return (
    <div className="pdf-viewer__toolbar">
      <div className="pdf-viewer__paging">
        <button type="button" className="button pdf-viewer__step" disabled={!canGoPrevious} onClick={props.onPrevious}>
          <Chevron direction="left" />
          {PREVIOUS_LABEL}
        </button>
        {/* Announces the new position after every page change. */}
        <p className="pdf-viewer__position" aria-live="polite" aria-atomic="true">
          {ready ? `${page} / ${pageCount}` : ''}
        </p>
        <button type="button" className="button pdf-viewer__step" disabled={!canGoNext} onClick={props.onNext}>
          {NEXT_LABEL}
          <Chevron direction="right" />
        </button>
      </div>
      {/* Fullscreen fits the slide to the screen: no zoom there. */}
      {fullscreen ? null : (
        <button type="button" className="button pdf-viewer__zoom-toggle" aria-pressed={zoomed} onClick={props.onToggleZoom}>
          {ZOOM_LABEL}
        </button>
      )}
      <button type="button" className="button pdf-viewer__fullscreen-toggle" aria-pressed={fullscreen} onClick={props.onToggleFullscreen}>
        {fullscreen ? EXIT_FULLSCREEN_LABEL : ENTER_FULLSCREEN_LABEL}
      </button>
    </div>
  );
}
