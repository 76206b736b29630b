import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '../../contracts/errors.js';
import { composePageTitle } from '../../contracts/page-metadata.js';
import { sendHtmlPage } from './html-reply.js';
import { escapeHtml } from './page-html.js';

/** Where programs read the answers (the API, Prometheus, verifiers' well-known documents): errors there are the envelope. */
const MACHINE_PATH = /^\/(api|metrics|\.well-known)(\/|\?|$)/;

/** A browser asking for a page: a GET or HEAD outside the API, metrics and well-known paths. */
export const isPageRequest = (request: Pick<FastifyRequest, 'method' | 'url'>): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && !MACHINE_PATH.test(request.url);

const headingOf = (status: number) => (status === 400 ? 'URL が正しくありません' : 'ページを表示できません');

/**
 * The error page the server draws itself for a page address it refused (a NUL or malformed escape in
 * the URL, a failure before any page could be chosen): the client's index.html keeps its head (styles,
 * icons) but loses every script, so the client does not start on an address it should not read, and
 * shows the status, a heading, the envelope's message and the way back to the top page.
 */
export function errorPageHtml(indexHtml: string, envelope: ErrorEnvelope): string {
  const heading = headingOf(envelope.status);
  // The client's bare layout (EmptyLayout) around its error page's markup: the same margins and type.
  const content = [
    '<main id="main" class="main main--empty">',
    '<section class="error-page" aria-labelledby="error-page-title">',
    `<p class="error-page__code">${envelope.status}</p>`,
    `<h1 id="error-page-title">${heading}</h1>`,
    `<p>${escapeHtml(envelope.message)}</p>`,
    '<a href="/" class="button button--primary">トップページへ</a>',
    '</section>',
    '</main>',
  ].join('');
  return indexHtml
    .replace(/<script\b[\s\S]*?<\/script>\s*/g, '')
    .replace(/<noscript\b[\s\S]*?<\/noscript>\s*/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(composePageTitle(heading))}</title>\n    <meta name="robots" content="noindex" />`)
    .replace(/<div id="root"><\/div>/, content);
}

/** What draws the error page (`SpaIndex`, from the built client); named by shape so this file needs nothing of it. */
export interface ErrorPages {
  errorPageFor(envelope: ErrorEnvelope): string | undefined;
}

/**
 * Answers an error: the error page for a page request (when a client is built to draw it in), the
 * `{message, status, code}` envelope otherwise. One rule for the first hook, Fastify's own errors and
 * the Nest filter, so a page address never answers JSON and the API never answers HTML.
 */
export function sendErrorAnswer(request: FastifyRequest, reply: FastifyReply, envelope: ErrorEnvelope, spaIndex: ErrorPages | undefined): FastifyReply {
  const page = isPageRequest(request) ? spaIndex?.errorPageFor(envelope) : undefined;
  if (page) return sendHtmlPage(request, reply, envelope.status, page);
  return reply.status(envelope.status).header('cache-control', 'no-store').send(envelope);
}
