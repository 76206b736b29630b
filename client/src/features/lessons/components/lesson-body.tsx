import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** A plain left click on a link to another page of this site (not an API address such as a download). */
function internalPathOf(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A lesson's text. Its HTML is the server's rendering of the lesson's Markdown, raw HTML escaped and
 * unsafe URLs unlinked (server/src/core/markdown/render-markdown.ts). Links to other pages of the
 * campus stay inside the app instead of reloading it.
 */
export function LessonBody({ html }: { html: string }) {
  const navigate = useNavigate();
  return (
    <div
      className="lesson-body"
      onClick={(event) => {
        const path = internalPathOf(event);
        if (path === null) return;
        event.preventDefault();
        void navigate(path);
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
