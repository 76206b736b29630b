import type { CourseCard, CourseKind } from '@campus/contracts/catalogue';
import type { Program } from '@campus/contracts/catalogue-slugs';
import { isApiError } from '../api-client';
import { getSeminarCourses } from './get-seminar-courses';

/**
 * Learning and seminar courses share the address `/{serviceSlug}/courses/{courseSlug}` (the
 * content check refuses a seminar with a learning course's slug). Which kind a slug is comes from
 * the program's seminar list (GET /seminar-courses?program=, which the service page asks too), so a
 * course or lesson page asks the right endpoint at once instead of trying the learning one and
 * logging its 404 on every seminar visit. The list is kept for the app's visit.
 */
const seminarSlugs = new Map<Program, Promise<ReadonlySet<string>>>();

const slugsOf = (cards: readonly CourseCard[]): ReadonlySet<string> => new Set(cards.map((card) => card.slug));

/** The service page's answer: the course pages reached from it need not ask again. */
export function rememberSeminars(program: Program, seminars: readonly CourseCard[]): void {
  seminarSlugs.set(program, Promise.resolve(slugsOf(seminars)));
}

/** Whether the program lists the slug as a seminar; undefined when the list cannot be had (offline). */
async function listedAsSeminar(program: Program, slug: string, fresh: boolean): Promise<boolean | undefined> {
  let list = fresh ? undefined : seminarSlugs.get(program);
  if (!list) {
    // Shared by every page of the program, so not tied to one loader's abort signal.
    list = getSeminarCourses(program, { skipStatuses: 'all' }).then(slugsOf);
    seminarSlugs.set(program, list);
  }
  try {
    return (await list).has(slug);
  } catch {
    // Not kept: the next page asks again.
    if (seminarSlugs.get(program) === list) seminarSlugs.delete(program);
    return undefined;
  }
}

const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;

/** Asks `first`; on its 404, `other` answers (its own 404 stands). */
async function firstThenOther<T>(first: () => Promise<T>, other: () => Promise<T>): Promise<T> {
  try {
    return await first();
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return other();
  }
}

/**
 * Asks the seminar endpoint for a listed seminar, else the learning one. A learning 404 asks the
 * list again before it stands (a seminar published since the list was kept), and, when no list
 * can be had, the seminar endpoint decides as before. `told`: the kind the server found at this
 * address when it answered the page's HTML (course-kind-from-server.ts), so the first page asks
 * that endpoint and no list; should the course have changed kind since, the other endpoint answers.
 */
export async function askByCourseKind<T>(
  program: Program,
  slug: string,
  ask: { learning: () => Promise<T>; seminar: () => Promise<T> },
  told?: CourseKind,
): Promise<T> {
  if (told === 'seminar') return firstThenOther(ask.seminar, ask.learning);
  if (told === 'learning') return firstThenOther(ask.learning, ask.seminar);
  if ((await listedAsSeminar(program, slug, false)) === true) return ask.seminar();
  try {
    return await ask.learning();
  } catch (error) {
    if (!isNotFound(error)) throw error;
    if ((await listedAsSeminar(program, slug, true)) === false) throw error;
    return ask.seminar();
  }
}

/** Forgets the kept lists (each test case starts without them). */
export function forgetSeminarLists(): void {
  seminarSlugs.clear();
}
