import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpaIndex } from './spa-index';

const INDEX_HTML = '<html><head><title>x</title><script type="module" crossorigin src="/assets/index-A.js"></script></head><body></body></html>';
const MANIFEST = {
  'src/main.tsx': { file: 'assets/index-A.js' },
  'src/app/routes/home-page.tsx': { file: 'assets/home-page-B.js', imports: ['src/main.tsx'], css: ['assets/home-page-C.css'] },
};

describe('SpaIndex', () => {
  let dist: string;
  const spaIndex = () => new SpaIndex(path.join(dist, 'index.html'), new URL('https://campus.example'));
  const writeManifest = (text: string) => {
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), text);
  };

  beforeEach(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'spa-index-spec-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("links the first page's own code, and only on the pages that have some", () => {
    writeManifest(JSON.stringify(MANIFEST));
    const index = spaIndex();
    const home = index.htmlFor('/?utm_source=x')!;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-B.js">');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/home-page-C.css">');
    expect(home).not.toContain('<link rel="modulepreload" crossorigin href="/assets/index-A.js">');
    expect(index.htmlFor('/mypage/profile')).not.toContain('modulepreload');
  });

  it.each([
    ['no manifest', undefined],
    ['a manifest that is not JSON', '{"src/app/routes/home-page.tsx": '],
    ['a manifest that is not an object', 'null'],
  ])('serves the page without links when the build has %s', (_, manifest) => {
    if (manifest !== undefined) writeManifest(manifest);
    const home = spaIndex().htmlFor('/')!;
    expect(home).toContain('/assets/index-A.js');
    expect(home).not.toContain('modulepreload');
  });

  it('answers nothing when no client is built (API only)', () => {
    rmSync(path.join(dist, 'index.html'));
    expect(spaIndex().htmlFor('/')).toBeUndefined();
  });
});
