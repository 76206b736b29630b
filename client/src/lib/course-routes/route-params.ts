import {
  isSlugShaped,
  isServiceSlug,
  isVideoServiceSlug,
  PROGRAM_BY_SERVICE_SLUG,
  type Program,
  type ServiceSlug,
} from '@campus/contracts/catalogue-slugs';
import { data, type Params } from 'react-router-dom';

/** The 404 page (spec §2): thrown from a loader, RouteErrorPage shows NotFoundPage without a popup. */
export const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

// A parent route checks these slugs too, but react-router runs parent and child loaders side by
// side: a child loader must not fetch with a slug nobody has checked yet.

export function serviceOf(params: Params, allowed: (slug: string | undefined) => boolean = isServiceSlug): { serviceSlug: ServiceSlug; program: Program } {
  const serviceSlug = params.serviceSlug;
  if (!allowed(serviceSlug) || !isServiceSlug(serviceSlug)) throw notFound();
  return { serviceSlug, program: PROGRAM_BY_SERVICE_SLUG[serviceSlug] };
}

export const videoServiceOf = (params: Params) => serviceOf(params, isVideoServiceSlug);

/** A certification course's slug: any slug-shaped one (the studio adds courses); the API answers 404 for one nobody has. */
export function certificationSlugOf(params: Params): string {
  const slug = params.courseSlug;
  if (!isSlugShaped(slug)) throw notFound();
  return slug;
}

export function courseSlugOf(params: Params): string {
  const slug = params.courseSlug;
  if (!slug) throw notFound();
  return slug;
}
