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
}

/** The `<script type="application/json">` element the facts are written in. */
export const PAGE_FACTS_ELEMENT_ID = 'page-facts';

/** The element's JSON: the facts of the page at `path` (a copy of the HTML kept for another address says so). */
export interface WrittenPageFacts extends PageFacts {
  path: string;
}
