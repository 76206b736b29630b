import type { FirstText } from '../../contracts/page-facts';
import { composePageTitle, PAGE_PRESETS, pageMetadataFor, SITE_NAME, type PageMetadata } from '../../contracts/page-metadata';
import { pageUrlOf, withPageFacts, withPageMetadata } from './page-html';

const INDEX = `<!doctype html>
<html lang="ja">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="既定の説明"
    />
    <title>既定のタイトル</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('page metadata presets (spec §3)', () => {
  it.each([
    ['/', 'common'],
    ['/mypage/history', 'common'],
    ['/line-official-account', 'line-official-account'],
    ['/line-official-account/courses/oa-grow-friends/lessons/friend-routes', 'line-official-account'],
    ['/line-ads/courses/line-ads-basics', 'line-ads'],
    ['/yahoo-ads', 'yahoo-ads'],
    ['/learn-with-video/line-official-account', 'video-line-official-account'],
    ['/learn-with-video/yahoo-ads/courses/search-ads-quick-start', 'video-yahoo-ads'],
    ['/learn-with-video/unknown', 'common'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic', 'certification'],
  ])('%s uses the %s preset', (path, preset) => {
    expect(pageMetadataFor(path).preset).toBe(preset);
  });

  it.each([
    ['/mypage/history', '受講履歴 - マーケティング学習キャンパス', 'common'],
    ['/mypage/certificates/Q7XK2M9P4A', '認定証の詳細 - マーケティング学習キャンパス', 'common'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy', 'LINE広告 Basic 受験規約 - マーケティング学習キャンパス', 'certification'],
    ['/admin/credentials', '運営コンソール - マーケティング学習キャンパス', 'common'],
    ['/lineyahoo-marketing-skill-badge', 'マーケティングスキルバッジ - マーケティング学習キャンパス', 'certification'],
  ])('titles %s 「%s」 (the name the client gives it), keeping its %s preset', (path, title, preset) => {
    expect(pageMetadataFor(path)).toMatchObject({ title, ogType: 'article', preset, description: PAGE_PRESETS[preset as 'common'].description });
  });

  it('gives every preset its own title, description and image, with the large card and og type article by default', () => {
    const presets = Object.values(PAGE_PRESETS);
    expect(new Set(presets.map((preset) => preset.title)).size).toBe(presets.length);
    expect(new Set(presets.map((preset) => preset.description)).size).toBe(presets.length);
    expect(new Set(presets.map((preset) => preset.image)).size).toBe(presets.length);
    for (const preset of presets) expect(preset).toMatchObject({ card: 'summary_large_image', ogType: 'article' });
  });
});

describe('withPageMetadata', () => {
  const page = new URL('https://campus.example.jp/line-ads/courses/line-ads-basics?sort=new');
  const html = withPageMetadata(INDEX, PAGE_PRESETS['line-ads'], page);

  it("titles the page in the spec's form, as the client does: the page, ' - ', the site name", () => {
    expect(html).toContain('<title>LINE広告を学ぶ - マーケティング学習キャンパス</title>');
    expect(html).toContain('<meta property="og:title" content="LINE広告を学ぶ - マーケティング学習キャンパス" />');
    for (const preset of Object.values(PAGE_PRESETS).filter((preset) => preset.preset !== 'common')) {
      expect(preset.title).toMatch(new RegExp(`^[^|]+ - ${SITE_NAME}$`));
    }
    expect(PAGE_PRESETS.common.title).toBe(SITE_NAME);
    expect(composePageTitle('利用規約', '別のキャンパス')).toBe('利用規約 - 別のキャンパス');
    expect(composePageTitle(undefined)).toBe(SITE_NAME);
  });

  it('replaces the default title and description instead of adding second ones', () => {
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${PAGE_PRESETS['line-ads'].title}</title>`);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('既定');
  });

  it('writes absolute addresses without the query string, and the card tags', () => {
    expect(html).toContain('<meta property="og:url" content="https://campus.example.jp/line-ads/courses/line-ads-basics" />');
    expect(html).toContain('<link rel="canonical" href="https://campus.example.jp/line-ads/courses/line-ads-basics" />');
    expect(html).toContain('<meta property="og:image" content="https://campus.example.jp/share/line-ads.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes what it writes into attributes and the title', () => {
    const hostile: PageMetadata = { ...PAGE_PRESETS.common, title: '"><script>alert(1)</script>', description: 'A & B "quoted"' };
    const written = withPageMetadata(INDEX, hostile, new URL('https://campus.example.jp/"onload="x'));
    expect(written).not.toContain('<script>alert(1)</script>');
    expect(written).toContain('content="A &amp; B &quot;quoted&quot;"');
    expect(written).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(written).not.toContain('"onload="x');
  });
});

describe('a page with its own share image size', () => {
  it('writes the square badge’s size instead of the 1200×630 of the presets', () => {
    const badge: PageMetadata = { ...PAGE_PRESETS.certification, image: '/badges/line-ads-basic.png', imageSize: { width: 512, height: 512 }, card: 'summary' };
    const html = withPageMetadata(INDEX, badge, new URL('https://campus.example.jp/certificates/verify/K7QF2M9A3B'));
    expect(html).toContain('<meta property="og:image" content="https://campus.example.jp/badges/line-ads-basic.png" />');
    expect(html).toContain('<meta property="og:image:width" content="512" />');
    expect(html).toContain('<meta property="og:image:height" content="512" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    const preset = withPageMetadata(INDEX, PAGE_PRESETS.common, new URL('https://campus.example.jp/'));
    expect(preset).toContain('<meta property="og:image:width" content="1200" />');
  });
});

describe('pageUrlOf', () => {
  const origin = new URL('https://campus.example.jp');

  it.each([
    ['/line-ads?from=top', 'https://campus.example.jp/line-ads?from=top'],
    ['//evil.example/line-ads', 'https://campus.example.jp//evil.example/line-ads'],
    ['http://evil.example/p?q=1', 'https://campus.example.jp/http://evil.example/p?q=1'],
  ])('keeps %s a path of the site', (requestUrl, href) => {
    const url = pageUrlOf(requestUrl, origin);
    expect(url.href).toBe(href);
    expect(url.host).toBe('campus.example.jp');
  });
});

describe('withPageFacts', () => {
  const html = '<html><head><title>t</title></head><body><div id="root"></div></body></html>';

  it('writes the facts of the page at that address into a JSON element of the head, which browsers do not run', () => {
    const written = withPageFacts(html, '/line-ads/courses/line-ads-basics', { courseKind: 'learning' });
    const json = /<script type="application\/json" id="page-facts">(.*)<\/script>\s*<\/head>/.exec(written)?.[1];
    expect(JSON.parse(json!)).toEqual({ path: '/line-ads/courses/line-ads-basics', courseKind: 'learning' });
  });

  it('leaves a page it has nothing to say of as it is', () => {
    expect(withPageFacts(html, '/', {})).toBe(html);
  });

  it("keeps the page's text out of the JSON: it is written into the HTML itself (first-text-html.ts)", () => {
    const firstText: FirstText = { page: 'course', breadcrumb: [{ label: 'LINE広告' }], title: 'タイトル', summary: '概要' };
    const written = withPageFacts(html, '/c', { courseKind: 'learning', firstText });
    expect(JSON.parse(/id="page-facts">(.*)<\/script>/.exec(written)![1]!)).toEqual({ path: '/c', courseKind: 'learning' });
    expect(withPageFacts(html, '/c', { firstText })).toBe(html);
  });

  it('preloads the picture the page shows first, with the address escaped for the attribute', () => {
    const written = withPageFacts(html, '/l', { courseKind: 'learning', firstImage: '/api/v1/download?url=a%2Fb.poster.webp&x="y"' });
    expect(written).toContain('<link rel="preload" as="image" href="/api/v1/download?url=a%2Fb.poster.webp&amp;x=&quot;y&quot;" fetchpriority="high">');
    expect(withPageFacts(html, '/l', { courseKind: 'learning' })).not.toContain('rel="preload"');
  });

  it('cannot be made to close the element by the address', () => {
    const written = withPageFacts(html, '/x</script><script>alert(1)</script>', { courseKind: 'seminar' });
    expect(written.match(/<\/script>/g)).toHaveLength(1);
    const json = /id="page-facts">(.*)<\/script>/.exec(written)![1]!;
    expect(JSON.parse(json).path).toBe('/x</script><script>alert(1)</script>');
  });
});
