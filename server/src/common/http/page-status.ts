import type { FastifyRequest } from 'fastify';
import { matchPagePath, type PageContent } from '../../contracts/page-routes.js';

/**
 * Whether the content a page path names is there (a course or lesson in the catalogue, a live
 * announcement, the learner's own certificate or notification): false makes the page a 404.
 */
export type PageContentExists = (content: PageContent) => Promise<boolean>;

/** The same question about one request's page: the answer may depend on whose session it carries. */
export type PageContentLookup = (content: PageContent, request: FastifyRequest) => Promise<boolean>;

/**
 * The HTTP status of a page: 200 for a page of the route table whose content (when it names some)
 * exists, 404 otherwise, so crawlers and link checkers are told the truth that the 404 page shows.
 * When the data cannot be asked, 200: the page itself then says what went wrong.
 */
export async function pageStatusOf(pathname: string, contentExists?: PageContentExists): Promise<200 | 404> {
  const page = matchPagePath(pathname);
  if (!page) return 404;
  if (!page.content || !contentExists) return 200;
  try {
    return (await contentExists(page.content)) ? 200 : 404;
  } catch {
    return 200;
  }
}
