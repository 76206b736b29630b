import { errorPageHtml, isPageRequest } from './error-page';

/** The shape of the built client's index.html (client/index.html after `vite build`, with an analytics tag). */
const BUILT_INDEX = `<!doctype html>
<html lang="ja">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>マーケティング学習キャンパス</title>
    <script>window.dataLayer = window.dataLayer || [];</script>
    <script type="module" crossorigin src="/assets/index-CnTlakd6.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-XKyaHtl9.js">
    <link rel="stylesheet" crossorigin href="/assets/index-QejF8d4d.css">
  </head>
  <body>
    <noscript>このサイトを表示するには JavaScript を有効にしてください。</noscript>
    <div id="root"></div>
  </body>
</html>`;

describe('isPageRequest', () => {
  it.each([
    ['GET', '/', true],
    ['GET', '/?x=%00', true],
    ['HEAD', '/line-ads', true],
    ['GET', '/s/abc', true],
    ['GET', '/apis-are-pages-too', true],
    ['GET', '/api', false],
    ['GET', '/api?x=1', false],
    ['GET', '/api/v1/learning-courses/', false],
    ['GET', '/metrics', false],
    ['GET', '/.well-known/did.json', false],
    ['POST', '/line-ads', false],
  ])('%s %s → %s', (method, url, expected) => {
    expect(isPageRequest({ method, url })).toBe(expected);
  });
});

describe('errorPageHtml', () => {
  const page = errorPageHtml(BUILT_INDEX, { message: 'x: 使えない文字（NUL や不正な文字コード）が含まれています', status: 400, code: 'VALIDATION_FAILED', field: 'x' });

  it('keeps the look (styles, icon) but none of the scripts, so the client does not start on the refused address', () => {
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-QejF8d4d.css">');
    expect(page).toContain('<link rel="icon" href="/favicon.svg"');
    expect(page).not.toMatch(/<script|modulepreload|<noscript/);
  });

  it('says what went wrong in Japanese, with the status and the way back to the top page, and asks not to be indexed', () => {
    expect(page).toContain('<title>URL が正しくありません - マーケティング学習キャンパス</title>');
    expect(page).toContain('<meta name="robots" content="noindex" />');
    expect(page).toContain('<p class="error-page__code">400</p>');
    expect(page).toContain('<h1 id="error-page-title">URL が正しくありません</h1>');
    expect(page).toContain('<p>x: 使えない文字（NUL や不正な文字コード）が含まれています</p>');
    expect(page).toContain('<a href="/" class="button button--primary">トップページへ</a>');
    expect(page.match(/<main\b/g)).toHaveLength(1);
  });

  it('escapes the message: it can carry a query parameter name the visitor chose', () => {
    const hostile = errorPageHtml(BUILT_INDEX, { message: '<img src=x onerror=alert(1)>: 使えない文字', status: 400, code: 'VALIDATION_FAILED' });
    expect(hostile).not.toContain('<img');
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt;: 使えない文字');
  });

  it('names other failures without blaming the address', () => {
    const failed = errorPageHtml(BUILT_INDEX, { message: 'エラーが発生しました。時間をおいて再度お試しください', status: 500, code: 'INTERNAL_ERROR' });
    expect(failed).toContain('<h1 id="error-page-title">ページを表示できません</h1>');
    expect(failed).toContain('<p class="error-page__code">500</p>');
  });
});
