import type { CourseKind } from './catalogue.js';

/**
 * What the server learnt of a page's content while answering its address (common/http/page-status.ts),
 * written into the page's HTML so that the client does not ask again before its first paint: the kind
 * of the course a course or lesson address names (learning and seminar courses share their addresses),
 * and the picture a slide lesson shows first, which the HTML starts loading at once.
 */
export interface PageFacts {
  courseKind?: CourseKind;
  /** The address of the lesson's first-slide picture, as the lesson API gives it (`slidesPoster.url`). */
  firstImage?: string;
  /** The page's largest text, written into the HTML itself (not the JSON): see `FirstText`. */
  firstText?: FirstText;
}

/**
 * What the top, a course or a lesson page shows largest, which the server writes into the page's HTML as a first
 * frame of the page (common/http/first-text-html.ts): the browser paints it before the app has run and
 * asked for the page's data, and the app's first render replaces it.
 */
export type FirstText =
  | { page: 'home' }
  | { page: 'course'; breadcrumb: BreadcrumbStep[]; title: string; summary: string }
  | {
      page: 'lesson';
      breadcrumb: BreadcrumbStep[];
      courseTitle: string;
      coursePath: string;
      title: string;
      /** A text lesson's body as the lesson API renders it (Markdown to HTML, raw HTML escaped). */
      bodyHtml: string | null;
      /** A slide lesson's first slide, at the address the lesson API gives it (`slidesPoster`). */
      picture: { url: string; width: number; height: number; pageCount: number } | null;
    };

/** A place in a page's breadcrumb after トップ; the last one, the page itself, has no path. */
export interface BreadcrumbStep {
  label: string;
  path?: string;
}

/** The `<script type="application/json">` element the facts are written in. */
export const PAGE_FACTS_ELEMENT_ID = 'page-facts';

/** The element's JSON: the facts of the page at `path` (a copy of the HTML kept for another address says so). */
export interface WrittenPageFacts extends Omit<PageFacts, 'firstText'> {
  path: string;
}
