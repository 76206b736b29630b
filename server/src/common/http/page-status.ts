import { matchPagePath, type PageContent } from '../../contracts/page-routes.js';

/** Whether the course (and lesson) a page path names is in the catalogue. */
export type PageContentExists = (content: PageContent) => Promise<boolean>;

/**
 * The HTTP status of a page: 200 for a page of the route table whose content (when it names some)
 * exists, 404 otherwise, so crawlers and link checkers are told the truth that the 404 page shows.
 * When the catalogue cannot be asked, 200: the page itself then says what went wrong.
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
