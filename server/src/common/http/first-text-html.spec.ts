import type { FirstText } from '../../contracts/page-facts';
import { lineBreakPieces } from '../../contracts/phrases';
import { withFirstText } from './first-text-html';

const html = '<html><head></head><body><noscript>x</noscript><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const frameOf = (written: string) => /<div id="root">(.*)<\/div><script/.exec(written)?.[1] ?? '';

const course: FirstText = {
  page: 'course',
  breadcrumb: [{ label: 'LINE広告', path: '/line-ads' }, { label: 'LINE広告のしくみ' }],
  title: 'LINE広告のしくみ',
  summary: '運用型広告の考え方を学びます。',
};
const lesson = (overrides: Partial<Extract<FirstText, { page: 'lesson' }>> = {}): FirstText => ({
  page: 'lesson',
  breadcrumb: [{ label: 'LINE広告', path: '/line-ads' }, { label: 'LINE広告のしくみ', path: '/line-ads/courses/line-ads-basics' }, { label: 'アカウント構造' }],
  courseTitle: 'LINE広告のしくみ',
  coursePath: '/line-ads/courses/line-ads-basics',
  title: 'アカウント構造',
  bodyHtml: null,
  picture: null,
  ...overrides,
});

describe('withFirstText', () => {
  it('leaves a page without text to show as it is', () => {
    expect(withFirstText(html, undefined)).toBe(html);
  });

  it("writes the top page's hero into the app's element, busy until the app replaces it", () => {
    const frame = frameOf(withFirstText(html, { page: 'home' }));
    expect(frame).toMatch(/^<div class="page first-frame" aria-busy="true">/);
    // Broken into the phrases the client's PhraseText gives it, so it wraps where the app's heading will.
    expect(frame).toContain('<section class="hero"><h1><span class="phrase-text">マーケティングを、<wbr>無料で<wbr>学ぼう</span></h1><p>動画やスライドのレッスンで');
    expect(frame).toContain('<a class="site-name" href="/"><span class="phrase-text">');
  });

  it("keeps the phone header's buttons' room, hidden and empty to assistive technology: who is logged in is the app's to say", () => {
    const frame = frameOf(withFirstText(html, course));
    const room = /<div class="site-header__end first-frame__buttons" aria-hidden="true">(.*?)<\/div><\/div><\/header>/.exec(frame);
    expect(room?.[1]).toBe(
      '<div class="account-area"><a class="button button--primary">ログイン</a></div><button type="button" class="menu-button" tabindex="-1"><span class="menu-button__icon"></span><span class="menu-button__text">メニュー</span></button>',
    );
    // No login address: a learner who is logged in is not offered one, not even hidden.
    expect(frame).not.toContain('/api/v1/login');
  });

  it("writes a course's breadcrumb, title and summary in the classes of the client's course page", () => {
    const frame = frameOf(withFirstText(html, course));
    expect(frame).toContain(
      '<nav class="breadcrumb" aria-label="パンくずリスト"><ol><li><a href="/">トップ</a></li><li><a href="/line-ads">LINE広告</a></li><li><span aria-current="page">LINE広告のしくみ</span></li></ol></nav>',
    );
    const pieces = lineBreakPieces('LINE広告のしくみ').join('<wbr>');
    expect(frame).toContain(`<h1><span class="phrase-text">${pieces}</span></h1><p class="course-detail__summary">運用型広告の考え方を学びます。</p>`);
    expect(frame).not.toContain('page--wide');
  });

  it('escapes every text and address it writes', () => {
    const frame = frameOf(
      withFirstText(html, {
        page: 'course',
        breadcrumb: [{ label: '<b>x</b>', path: '/a"onmouseover="alert(1)' }, { label: "'t'" }],
        title: '<script>alert(1)</script>',
        summary: 'A & B',
      }),
    );
    expect(frame).not.toContain('<script>');
    expect(frame).not.toContain('<b>');
    expect(frame.replace(/<wbr>/g, '')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(frame).toContain('href="/a&quot;onmouseover=&quot;alert(1)"');
    expect(frame).toContain('A &amp; B');
    expect(frame).toContain('&#39;t&#39;');
  });

  it("shows a slide lesson's first slide at its size, in the wider layout of lesson pages", () => {
    const frame = frameOf(withFirstText(html, lesson({ picture: { url: '/api/v1/download?url=a&b', width: 1280, height: 720, pageCount: 8 } })));
    expect(frame).toMatch(/^<div class="page first-frame page--wide"/);
    expect(frame).toContain('<header class="site-header site-header--wide">');
    expect(frame.replace(/<\/?(span|wbr)[^>]*>/g, '')).toContain('<p class="lesson__course"><a href="/line-ads/courses/line-ads-basics">LINE広告のしくみ</a></p><h1>アカウント構造</h1>');
    expect(frame).toContain(
      '<img class="pdf-viewer__poster" src="/api/v1/download?url=a&amp;b" width="1280" height="720" alt="1枚目のスライド（全8枚）" fetchpriority="high">',
    );
    expect(frame).not.toContain('page-skeleton__block');
  });

  it("writes a text lesson's body as given, even where it holds a replacement pattern", () => {
    const bodyHtml = '<h2>見出し</h2><p>$&amp; と $1 と $$</p>';
    const frame = frameOf(withFirstText(html, lesson({ bodyHtml })));
    expect(frame).toContain(`<div class="lesson__content"><div class="lesson-body">${bodyHtml}</div></div>`);
  });

  it('shows grey lines under the title of a lesson with neither picture nor text (a video)', () => {
    expect(frameOf(withFirstText(html, lesson()))).toContain('<div class="lesson__content"></div><div class="page-skeleton__block"');
  });
});
