import { firstPageModule, withFirstPagePreloads, type ViteManifest } from './first-page-preloads';

const HOME = 'src/app/routes/home-page.tsx';
const SERVICES = 'src/app/routes/service-pages.tsx';
const BADGE = 'src/app/routes/badge-pages.tsx';
const LESSONS = 'src/app/routes/lesson-pages.tsx';
const EXAM = 'src/app/routes/exam-pages.tsx';

describe('firstPageModule', () => {
  it.each([
    ['/', HOME],
    ['/line-ads', SERVICES],
    ['/line-ads/courses/line-ads-basics', SERVICES],
    ['/yahoo-ads/courses/search-basics/lessons/keywords/', LESSONS],
    ['/learn-with-video/yahoo-ads', SERVICES],
    ['/learn-with-video/yahoo-ads/courses/intro', SERVICES],
    ['/learn-with-video/yahoo-ads/courses/intro/lessons/first', LESSONS],
    ['/lineyahoo-marketing-skill-badge', BADGE],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic', BADGE],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/targeting', LESSONS],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam', EXAM],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy', EXAM],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-result/', EXAM],
    ['/certificates/verify/5P4R6AA4X5', 'src/app/routes/certificate-verification-page.tsx'],
  ])('%s loads %s', (pathname, module) => {
    expect(firstPageModule(pathname)).toBe(module);
  });

  it.each([
    '/mypage/profile',
    '/notifications/general',
    '/admin/events',
    '/no-such-service/courses/x',
    // No video courses for LINE広告.
    '/learn-with-video/line-ads',
    '/lineyahoo-marketing-skill-badge/courses/no-such-course',
    '/lineyahoo-marketing-skill-badge/other',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam/extra',
    // The verifier's own page (a pasted credential), and paths below a certificate.
    '/certificates/verify',
    '/certificates/verify/5P4R6AA4X5/extra',
  ])('%s: none (the page loads its code as before)', (pathname) => {
    expect(firstPageModule(pathname)).toBeUndefined();
  });
});

describe('withFirstPagePreloads', () => {
  const INDEX_HTML = [
    '<html><head>',
    '<script type="module" crossorigin src="/assets/index-A.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-B.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-C.css">',
    '</head><body></body></html>',
  ].join('\n');

  const MANIFEST: ViteManifest = {
    'src/main.tsx': { file: 'assets/index-A.js', imports: ['_react.js'], css: ['assets/index-C.css'] },
    '_react.js': { file: 'assets/react-B.js' },
    [HOME]: { file: 'assets/home-page-D.js', imports: ['src/main.tsx', '_card.js', '_date.js'], css: ['assets/home-page-E.css'] },
    '_card.js': { file: 'assets/card-F.js', imports: ['_date.js', '_react.js'], css: ['assets/card-G.css', 'assets/home-page-E.css'] },
    '_date.js': { file: 'assets/date-H.js', imports: ['_card.js'] },
  };

  const linksOf = (html: string) => [...html.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map((match) => `${match[1]} ${match[2]}`);

  it("links the page's chunk, the chunks it imports and their styles, each once, imported ones first, before </head>", () => {
    const html = withFirstPagePreloads(INDEX_HTML, MANIFEST, HOME);
    expect(linksOf(html)).toEqual([
      'modulepreload /assets/react-B.js',
      'stylesheet /assets/index-C.css',
      'modulepreload /assets/date-H.js',
      'modulepreload /assets/card-F.js',
      'modulepreload /assets/home-page-D.js',
      'stylesheet /assets/card-G.css',
      'stylesheet /assets/home-page-E.css',
    ]);
    expect(html.indexOf('home-page-D.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('finds a route module the build grouped into a chunk named after its file', () => {
    const grouped: ViteManifest = {
      'src/main.tsx': { file: 'assets/index-A.js', css: ['assets/index-C.css'] },
      '_home-page-X.css': { file: 'assets/home-page-X.css' },
      '_home-page-Y.js': { file: 'assets/home-page-Y.js', name: 'home-page', imports: ['src/main.tsx'], css: ['assets/home-page-X.css'] },
      '_service-pages-Z.js': { file: 'assets/service-pages-Z.js', name: 'service-pages', imports: ['src/main.tsx', '_home-page-Y.js'], css: ['assets/service-pages-W.css'] },
    };
    // The course page's rules come after the shared ones of the top page's chunk, which they refine.
    expect(linksOf(withFirstPagePreloads(INDEX_HTML, grouped, SERVICES))).toEqual([
      'modulepreload /assets/react-B.js',
      'stylesheet /assets/index-C.css',
      'modulepreload /assets/home-page-Y.js',
      'modulepreload /assets/service-pages-Z.js',
      'stylesheet /assets/home-page-X.css',
      'stylesheet /assets/service-pages-W.css',
    ]);
  });

  it('leaves the HTML as it is for a module the manifest does not know, or a build without a manifest', () => {
    expect(withFirstPagePreloads(INDEX_HTML, MANIFEST, SERVICES)).toBe(INDEX_HTML);
    expect(withFirstPagePreloads(INDEX_HTML, {}, HOME)).toBe(INDEX_HTML);
  });
});
