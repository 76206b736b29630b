import type { CourseKind } from './catalogue.js';

/**
 * What the server learnt of a page's content while answering its address (common/http/page-status.ts),
 * written into the page's HTML so that the client does not ask again before its first paint: the kind
 * of the course a course or lesson address names (learning and seminar courses share their addresses).
 */
export interface PageFacts {
  courseKind?: CourseKind;
}

/** The `<script type="application/json">` element the facts are written in. */
export const PAGE_FACTS_ELEMENT_ID = 'page-facts';

/** The element's JSON: the facts of the page at `path` (a copy of the HTML kept for another address says so). */
export interface WrittenPageFacts extends PageFacts {
  path: string;
}
