import { PAGE_FACTS_ELEMENT_ID, type PageFacts, type WrittenPageFacts } from '../../contracts/page-facts.js';
import { SITE_NAME, type PageMetadata } from '../../contracts/page-metadata.js';

/** Text safe inside an element or a quoted attribute of the HTML. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The public address of a page, from the URL of the request line: always a path of this site.
 * `new URL(url, origin)` would read `//host/…` (or an absolute-form `http://host/…`) as another host,
 * and the page would name that host in its canonical link.
 */
export function pageUrlOf(requestUrl: string, origin: URL): URL {
  const url = new URL(origin.origin);
  const queryAt = requestUrl.indexOf('?');
  url.pathname = queryAt === -1 ? requestUrl : requestUrl.slice(0, queryAt);
  url.search = queryAt === -1 ? '' : requestUrl.slice(queryAt);
  return url;
}

/**
 * The client's index.html with the page's own title, description, canonical address, Open Graph
 * and X card tags, so that crawlers and share previews see them without running JavaScript.
 * `pageUrl` is the public address of the page (no query string: a filter does not make another page).
 */
export function withPageMetadata(indexHtml: string, metadata: PageMetadata, pageUrl: URL): string {
  const image = new URL(metadata.image, pageUrl).href;
  const address = `${pageUrl.origin}${pageUrl.pathname}`;
  const tags = [
    `<title>${escapeHtml(metadata.title)}</title>`,
    ['name', 'description', metadata.description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'ja_JP'],
    ['property', 'og:type', metadata.ogType],
    ['property', 'og:title', metadata.title],
    ['property', 'og:description', metadata.description],
    ['property', 'og:url', address],
    ['property', 'og:image', image],
    ['property', 'og:image:width', String(metadata.imageSize?.width ?? 1200)],
    ['property', 'og:image:height', String(metadata.imageSize?.height ?? 630)],
    ['name', 'twitter:card', metadata.card],
    ['name', 'twitter:title', metadata.title],
    ['name', 'twitter:description', metadata.description],
    ['name', 'twitter:image', image],
  ].map((tag) => (typeof tag === 'string' ? tag : `<meta ${tag[0]}="${tag[1]}" content="${escapeHtml(tag[2]!)}" />`));
  tags.push(`<link rel="canonical" href="${escapeHtml(address)}" />`);
  const withoutDefaults = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '');
  return withoutDefaults.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

/**
 * The page's HTML with what the server learnt of its content (contracts/page-facts.ts) in a JSON script
 * element, which browsers do not run. `<` is escaped so that no text of the address can close the element.
 */
export function withPageFacts(html: string, pathname: string, facts: PageFacts): string {
  // The page's text goes into the HTML itself (first-text-html.ts), not into the JSON.
  const { firstText: _written, ...told } = facts;
  if (Object.keys(told).length === 0) return html;
  const written: WrittenPageFacts = { path: pathname, ...told };
  const json = JSON.stringify(written).replace(/</g, '\\u003c');
  // The picture the page shows first starts loading with the HTML, not once the app has asked for the lesson.
  const preload = facts.firstImage ? `  <link rel="preload" as="image" href="${escapeHtml(facts.firstImage)}" fetchpriority="high">\n` : '';
  return html.replace('</head>', `${preload}  <script type="application/json" id="${PAGE_FACTS_ELEMENT_ID}">${json}</script>\n  </head>`);
}
