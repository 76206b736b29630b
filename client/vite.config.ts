import { cpSync, createReadStream, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Where `npm run dev -w client` forwards API and socket traffic (the Nest server). */
const apiTarget = process.env.CAMPUS_API_URL ?? 'http://localhost:3000';

/**
 * pdf.js's helper files, served from our own origin (ARCHITECTURE §5: never a CDN) under
 * /pdfjs/<folder>/ — the paths client/src/features/pdf-viewer/pdfjs/pdfjs-assets.ts hands to pdf.js:
 * character maps (Japanese text in PDFs without embedded CMaps), standard fonts, the wasm image
 * decoders and ICC profiles. `vite dev` serves them from node_modules; `vite build` copies them into
 * the output. (The worker script itself is a `?url` import, hashed like any other asset.)
 */
function pdfjsAssets(): Plugin {
  const PUBLIC_FOLDER = 'pdfjs';
  const FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];
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
        if (!folder || !FOLDERS.includes(folder) || !name || rest.length > 0 || name.startsWith('.')) return next();
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
        cpSync(path.join(pdfjsDir, folder), path.join(outDir, PUBLIC_FOLDER, folder), { recursive: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), pdfjsAssets()],
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
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
