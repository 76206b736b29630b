import type { CourseKind } from '@campus/contracts/catalogue';
import { COURSE_KINDS } from '@campus/contracts/catalogue-slugs';
import { PAGE_FACTS_ELEMENT_ID, type WrittenPageFacts } from '@campus/contracts/page-facts';

let written: WrittenPageFacts | null | undefined;

const isWrittenFacts = (value: unknown): value is WrittenPageFacts => {
  if (typeof value !== 'object' || value === null) return false;
  const { path, courseKind } = value as Record<string, unknown>;
  return typeof path === 'string' && (courseKind === undefined || COURSE_KINDS.includes(courseKind as CourseKind));
};

/** What the server wrote into this page's HTML (contracts/page-facts.ts), read once; null when nothing usable. */
function writtenFacts(): WrittenPageFacts | null {
  if (written === undefined) {
    try {
      const parsed: unknown = JSON.parse(document.getElementById(PAGE_FACTS_ELEMENT_ID)?.textContent ?? 'null');
      written = isWrittenFacts(parsed) ? parsed : null;
    } catch {
      written = null;
    }
  }
  return written;
}

/**
 * The kind of the course the server found at `pathname` when it answered the HTML the app started
 * from; undefined for any other address (the HTML may be a copy kept for another one).
 */
export function courseKindFromServer(pathname: string): CourseKind | undefined {
  const facts = writtenFacts();
  return facts?.path === pathname ? facts.courseKind : undefined;
}

/** Tests: the next question reads the document again. */
export function forgetPageFacts(): void {
  written = undefined;
}
