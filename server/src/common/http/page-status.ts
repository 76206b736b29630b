import type { FastifyRequest } from 'fastify';
import type { PageFacts } from '../../contracts/page-facts.js';
import { matchPagePath, type PageContent } from '../../contracts/page-routes.js';

/**
 * The content a page path names (a course or lesson in the catalogue, a live announcement, the learner's
 * own certificate or notification), with what was learnt of it; null when it is not there, which makes
 * the page a 404.
 */
export type PageContentExists = (content: PageContent) => Promise<PageFacts | null>;

/** The same question about one request's page: the answer may depend on whose session it carries. */
export type PageContentLookup = (content: PageContent, request: FastifyRequest) => Promise<PageFacts | null>;

export interface PageAnswer {
  status: 200 | 404;
  facts: PageFacts;
}

/**
 * The HTTP status of a page: 200 for a page of the route table whose content (when it names some)
 * exists, 404 otherwise, so crawlers and link checkers are told the truth that the 404 page shows.
 * When the data cannot be asked, 200: the page itself then says what went wrong.
 */
export async function pageAnswerOf(pathname: string, contentExists?: PageContentExists): Promise<PageAnswer> {
  const page = matchPagePath(pathname);
  if (!page) return { status: 404, facts: {} };
  if (!page.content || !contentExists) return { status: 200, facts: {} };
  try {
    const facts = await contentExists(page.content);
    return facts ? { status: 200, facts } : { status: 404, facts: {} };
  } catch {
    return { status: 200, facts: {} };
  }
}
