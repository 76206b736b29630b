import { LOGIN_TEXT, MOBILE_MENU_LABEL } from '../../contracts/header-labels.js';
import { HOME_HERO } from '../../contracts/home-hero.js';
import type { BreadcrumbStep, FirstText } from '../../contracts/page-facts.js';
import { SITE_NAME } from '../../contracts/page-metadata.js';
import { lineBreakPieces } from '../../contracts/phrases.js';
import { escapeHtml } from './page-html.js';

/** Grey lines where the rest of the page comes (the client's PageSkeleton blocks). */
const PLACEHOLDERS = ['', ' page-skeleton__block--short', '']
  .map((modifier) => `<div class="page-skeleton__block${modifier}" aria-hidden="true"></div>`)
  .join('');

/** As the client's PhraseText: breaks only between phrases (the same pieces), so the text wraps as it will in the app. */
const phrased = (text: string) => `<span class="phrase-text">${lineBreakPieces(text).map(escapeHtml).join('<wbr>')}</span>`;

/** A line as high as a small label the app fills in: the text under it starts where it will stay. */
const emptyLine = (className: string) => `<p class="${className}" aria-hidden="true">&nbsp;</p>`;

/** The client's Breadcrumb (components/breadcrumb.tsx) in plain links. */
function breadcrumbOf(steps: BreadcrumbStep[]): string {
  const items = [{ label: 'トップ', path: '/' }, ...steps].map(({ label, path }) =>
    path === undefined ? `<li><span aria-current="page">${escapeHtml(label)}</span></li>` : `<li><a href="${escapeHtml(path)}">${escapeHtml(label)}</a></li>`,
  );
  return `<nav class="breadcrumb" aria-label="パンくずリスト"><ol>${items.join('')}</ol></nav>`;
}

/** The top page's hero: the same on every answer, split into phrases once. */
const HOME_CONTENT = `<section class="hero"><h1>${phrased(HOME_HERO.title)}</h1><p>${escapeHtml(HOME_HERO.lead)}</p></section>${PLACEHOLDERS}`;

function contentOf(text: FirstText): string {
  switch (text.page) {
    case 'home':
      return HOME_CONTENT;
    case 'course':
      return [
        '<article class="course-detail">',
        breadcrumbOf(text.breadcrumb),
        '<header class="course-detail__header">',
        emptyLine('course-detail__eyebrow'),
        `<h1>${phrased(text.title)}</h1>`,
        `<p class="course-detail__summary">${escapeHtml(text.summary)}</p>`,
        '</header>',
        PLACEHOLDERS,
        '</article>',
      ].join('');
    case 'lesson': {
      const { picture } = text;
      const slide = picture
        ? `<div class="pdf-viewer"><div class="pdf-viewer__stage"><img class="pdf-viewer__poster" src="${escapeHtml(picture.url)}" width="${picture.width}" height="${picture.height}" alt="1枚目のスライド（全${picture.pageCount}枚）" fetchpriority="high"></div></div>`
        : '';
      // The lesson's HTML is the server's own rendering of its Markdown (raw HTML escaped), as the lesson API gives it.
      const body = text.bodyHtml ? `<div class="lesson-body">${text.bodyHtml}</div>` : '';
      return [
        '<article class="lesson">',
        breadcrumbOf(text.breadcrumb),
        '<header class="lesson__header">',
        `<p class="lesson__course"><a href="${escapeHtml(text.coursePath)}">${phrased(text.courseTitle)}</a></p>`,
        `<h1>${phrased(text.title)}</h1>`,
        emptyLine('lesson__meta'),
        '</header>',
        `<div class="lesson__content">${slide}${body}</div>`,
        slide || body ? '' : PLACEHOLDERS,
        '</article>',
      ].join('');
    }
  }
}

/**
 * A phone's header holds the account's and the menu's buttons beside the site name, which therefore
 * wraps onto two lines there. Who is logged in is the app's to say, so the frame shows no button: it
 * keeps their room, empty (a visitor's ログイン and メニュー, hidden), so the name wraps where the app's will.
 */
const HEADER_BUTTONS_ROOM = [
  '<div class="site-header__end first-frame__buttons" aria-hidden="true">',
  // The app's elements (a link, a button: their boxes are not a span's), hidden and doing nothing: no address,
  // out of the tab order.
  `<div class="account-area"><a class="button button--primary">${LOGIN_TEXT}</a></div>`,
  `<button type="button" class="menu-button" tabindex="-1"><span class="menu-button__icon"></span><span class="menu-button__text">${MOBILE_MENU_LABEL}</span></button>`,
  '</div>',
].join('');

/** The header's bar: the same on every page but for the lesson's wider layout, so made once for each. */
const headerBar = (modifier: string) =>
  `<header class="site-header${modifier}"><div class="site-header__inner"><a class="site-name" href="/">${phrased(SITE_NAME)}</a>${HEADER_BUTTONS_ROOM}</div></header>`;
const HEADER_BARS = { narrow: headerBar(''), wide: headerBar(' site-header--wide') };

/**
 * The page's HTML with a first frame of the page in the app's element: the header's bar, the page's
 * largest text (the top page's hero, a course's title and summary, a lesson's title with its first
 * slide or its text) in the app's own classes, and grey lines for the rest. The browser paints it with
 * the HTML and the page's style sheets, before any script has run; the app's first render replaces it
 * (`createRoot` empties the element), so the text does not wait for the app's code and data.
 */
export function withFirstText(html: string, text: FirstText | undefined): string {
  if (!text) return html;
  // Lesson pages have the wider layout (client/src/lib/device.ts), header included.
  const wide = text.page === 'lesson';
  const frame = [
    `<div class="page first-frame${wide ? ' page--wide' : ''}" aria-busy="true">`,
    wide ? HEADER_BARS.wide : HEADER_BARS.narrow,
    '<div class="notices"></div>',
    `<main id="main" class="main">${contentOf(text)}</main>`,
    '</div>',
  ].join('');
  return html.replace('<div id="root"></div>', () => `<div id="root">${frame}</div>`);
}
