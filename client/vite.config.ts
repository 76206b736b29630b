import { cpSync, createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, parseAst, type Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { VitePWA } from 'vite-plugin-pwa';
import { isPrecachedBuildFile } from './src/lib/precached-build-files';

/** Where `npm run dev -w client` forwards API and socket traffic (the Nest server). */
const apiTarget = process.env.CAMPUS_API_URL ?? 'http://localhost:3000';

/**
 * The small modules the exam and skill-badge pages share with the top, course and lesson pages (paths
 * under src/ of either package). Their style sheets live in styles.css, so this chunk brings none.
 */
const PAGE_KIT = [
  'components/breadcrumb\\.tsx',
  'features/exam/exam-paths\\.ts',
  'features/catalogue/components/fact-list\\.tsx',
  'lib/course-routes/route-params\\.ts',
  'contracts/tokyo-date\\.ts',
  'contracts/routes/catalogue\\.ts',
].map((path) => path.replaceAll('/', '[\\\\/]'));

/**
 * pdf.js's helper files, served from our own origin (ARCHITECTURE §5: never a CDN) under
 * /pdfjs/<folder>/ — the paths client/src/components/pdf-viewer/pdfjs/pdfjs-assets.ts hands to pdf.js:
 * character maps (Japanese text in PDFs without embedded CMaps), standard fonts, the wasm image
 * decoders and ICC profiles. `vite dev` serves them from node_modules; `vite build` copies them into
 * the output. (The worker script itself is a `?url` import, hashed like any other asset.) pdf.js 6's
 * QuickJS engine (`wasm/quickjs-*`) runs documents' JavaScript for the full viewer's scripting; the
 * slide viewer never enables scripting, so the engine is not published at all.
 */
function pdfjsAssets(): Plugin {
  const PUBLIC_FOLDER = 'pdfjs';
  const FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];
  const isPublished = (name: string) => !name.startsWith('.') && !name.startsWith('quickjs');
  const CONTENT_TYPES: Record<string, string> = {
    '.bcmap': 'application/octet-stream',
    '.pfb': 'application/octet-stream',
    '.ttf': 'font/ttf',
    '.wasm': 'application/wasm',
    '.js': 'text/javascript',
    '.icc': 'application/vnd.iccprofile',
  };
  // pdfjs-dist is hoisted to the repository's node_modules; ask Node rather than guess.
  const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

  let outDir = '';

  return {
    name: 'campus:pdfjs-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(`/${PUBLIC_FOLDER}`, (request, response, next) => {
        let parts: string[];
        try {
          parts = decodeURIComponent((request.url ?? '').split('?')[0]!).split('/').filter(Boolean);
        } catch {
          return next(); // a malformed escape
        }
        const [folder, name, ...rest] = parts;
        // Only a plain file name in one of the known folders: nothing else of node_modules is reachable.
        if (!folder || !FOLDERS.includes(folder) || !name || rest.length > 0 || !isPublished(name)) return next();
        const file = path.join(pdfjsDir, folder, name);
        let size: number;
        try {
          const stats = statSync(file);
          if (!stats.isFile()) return next();
          size = stats.size;
        } catch {
          return next();
        }
        response.setHeader('Content-Type', CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
        response.setHeader('Content-Length', String(size));
        createReadStream(file).pipe(response);
      });
    },
    // Copied beside the bundle rather than emitted into it: ~200 unhashed files that would otherwise
    // fill the build report, and that only pdf.js asks for, by name.
    writeBundle() {
      for (const folder of FOLDERS) {
        cpSync(path.join(pdfjsDir, folder), path.join(outDir, PUBLIC_FOLDER, folder), {
          recursive: true,
          filter: (source) => source === path.join(pdfjsDir, folder) || isPublished(path.basename(source)),
        });
      }
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136+) on the first line of the scripts that run as a page loads: the
 * entry and the chunks of the route modules. V8 then compiles all their functions while the file streams
 * in, on a background thread, instead of compiling each one on the main thread the first time it is
 * called (here ~60 ms of the top page's main thread, four times that on Lighthouse's phone). Other
 * browsers read a comment. Written into the files once they are out: minification drops comments, and
 * Vite puts its preload list at the top of the entry last.
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  const ROUTE_MODULE = /\/client\/src\/app\/routes\//;
  const runsOnLoad = (chunk: OutputChunk) => chunk.isEntry || chunk.moduleIds.some((id) => ROUTE_MODULE.test(id));
  return {
    name: 'campus:compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !runsOnLoad(chunk)) continue;
        const file = path.join(options.dir!, chunk.fileName);
        writeFileSync(file, HINT + readFileSync(file, 'utf8'));
        // A source map (the bench's builds have them) is moved down the one added line.
        if (!existsSync(`${file}.map`)) continue;
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string };
        writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    },
  };
}

/**
 * Brotli and gzip copies of the built scripts and styles, written once at build time: the server sends
 * them to browsers that accept them (@fastify/static `preCompressed`), about a third of the bytes on
 * the first visit, without compressing on every request.
 */
function precompressAssets(): Plugin {
  const COMPRESSIBLE = /\.(?:js|mjs|css|svg)$/;
  let assetsDir = '';
  return {
    name: 'campus:precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      for (const name of readdirSync(assetsDir).filter((file) => COMPRESSIBLE.test(file))) {
        const file = path.join(assetsDir, name);
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The client's copy of contracts/routes: a route object keeps what the browser uses (method, path,
 * kinds, access…) and loses its summary, error codes and schema loader, which only the server and the
 * OpenAPI document read (the client takes their types from the source). So neither the documentation
 * text nor a lazily loaded zod schema reaches a chunk or the service worker.
 */
function routeAddressesOnly(): Plugin {
  const ROUTE_FILE = /\/server\/src\/contracts\/routes\/(?!define-route\.ts)[\w-]+\.ts$/;
  const SERVER_ONLY = new Set(['summary', 'errors', 'schemas']);
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  return {
    name: 'campus:route-addresses-only',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTE_FILE.test(id)) return null;
      const cuts: [number, number][] = [];
      const visit = (node: Node) => {
        const callee = node.callee as Node | undefined;
        if (node.type === 'CallExpression' && callee?.name === 'defineRoute') {
          for (const property of ((node.arguments as Node[])[0]?.properties ?? []) as Node[]) {
            const key = property.key as Node | undefined;
            if (!SERVER_ONLY.has(String(key?.name))) continue;
            const comma = /^\s*,/.exec(code.slice(property.end));
            cuts.push([property.start, property.end + (comma ? comma[0].length : 0)]);
          }
        }
        for (const value of Object.values(node)) {
          for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
        }
      };
      visit(parseAst(code, { lang: 'ts' }) as unknown as Node);
      let stripped = code;
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) stripped = stripped.slice(0, start) + stripped.slice(end);
      return { code: stripped, map: null };
    },
  };
}

/**
 * The service worker (client/src/sw.ts → /sw.js, scope /) and the web app manifest. We register the
 * worker ourselves (features/app-updates), and a new version waits for the learner's 更新する.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    scope: '/',
    registerType: 'prompt',
    injectRegister: false,
    injectManifest: {
      // The app shell only: not the ~200 pdf.js helper files, the share images or pdf.js itself
      // (the worker caches those when slides are first opened).
      globPatterns: ['index.html', 'favicon.svg', 'assets/*.{js,css}'],
      manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => isPrecachedBuildFile(entry.url)), warnings: [] })],
      // The worker's own build: its route objects carry addresses only, as the app's do.
      buildPlugins: { vite: [routeAddressesOnly()] },
    },
    // The manifest's icons and the apple-touch icon; the plugin also writes the manifest link into index.html.
    includeAssets: ['icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'マーケティング学習キャンパス',
      short_name: '学習キャンパス',
      description: 'LINE公式アカウント・LINE広告・Yahoo!広告を無料で学べるマーケティング学習キャンパス',
      lang: 'ja',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#06803d',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}

export default defineConfig(({ command }) => ({
  plugins: [routeAddressesOnly(), react(), pdfjsAssets(), serviceWorker(), compileHints(), precompressAssets()],
  define: {
    // Registration only in a build: not under `vite dev` (no worker is built there), nor in jest (undefined).
    __CAMPUS_SERVICE_WORKER__: JSON.stringify(command === 'build'),
  },
  resolve: {
    alias: {
      // The only thing the client takes from server/: framework-free zod schemas and types.
      '@campus/contracts': fileURLToPath(new URL('../server/src/contracts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget },
      '/socket.io': { target: apiTarget, ws: true },
      // The credential issuer's keys (did:web, JWKS) live outside /api.
      '/.well-known': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server links each page's own chunks into its HTML (SpaIndex).
    manifest: true,
    // Only a hint: a browser without modulepreload (Safari before 17) loads the same chunks a moment later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // On a phone each script or style sheet costs a round trip: split per shared module, the top,
          // course and lesson pages needed 14–19 scripts and 4–10 style sheets. Instead, what every page
          // needs first stays in the entry chunk ($initial), and each page where visitors arrive from
          // search and shares has one chunk of its own with what it imports beyond the pages before it
          // (by priority: a course page loads the top page's chunk, a lesson page both). The few small
          // modules the exam pages share with those pages (PAGE_KIT) are a chunk of their own, so an
          // exam policy page does not load the top, course and lesson pages' chunks and style sheets.
          // The server finds these chunks in the build manifest by their names (first-page-preloads.ts).
          groups: [
            { name: 'app-shell', priority: 4, tags: ['$initial'] },
            {
              name: 'page-kit',
              priority: 3.5,
              test: new RegExp(`src[\\\\/](${PAGE_KIT.join('|')})$`),
            },
            ...['home-page', 'service-pages', 'lesson-pages'].map((name, index) => ({
              name,
              priority: 3 - index,
              test: new RegExp(`src[\\\\/]app[\\\\/]routes[\\\\/]${name}\\.tsx$`),
            })),
          ],
        },
      },
    },
  },
}));
