// Budget: the JavaScript the home page loads first, gzipped: the entry script and every modulepreload
// of the HTML the server answers for `/` (index.html plus the top page's own chunks, which SpaIndex
// links in from the build manifest). Lazy route chunks (exam, admin, …) and pdf.js's own files (.mjs) are listed separately.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROOT, addCleanup } from './lib.mjs';

export const id = 'client-bundle';
export const title = 'First-load JavaScript of the home route';

/** Issue 37: the home's first-load JavaScript on a phone. */
const BUDGET_KB = 120;

/**
 * The client built once, into a temporary folder (client/dist, which tests may be using, is left alone),
 * with hidden source maps: the scripts are byte for byte those of `npm run build` (no map comment), and the
 * maps beside them say what the entry is made of.
 */
function buildClient(outDir) {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--sourcemap', 'hidden', '--outDir', outDir, '--emptyOutDir'], { cwd: path.join(ROOT, 'client'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error('client build failed');
}

/** Script files index.html makes the browser fetch before the page can run. */
export function firstLoadScripts(indexHtml) {
  const sources = [...indexHtml.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((match) => match[1]);
  const preloads = [...indexHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((match) => match[1]);
  return [...new Set([...sources, ...preloads])];
}

/**
 * What the entry script is made of, by package (and the campus's own code by folder): each byte of the
 * entry given to the source its map names, each part gzipped on its own (so the parts add up to a little
 * more than the whole).
 */
function entryComposition(dist, entry) {
  const { SourceMapConsumer } = createRequire(path.join(ROOT, 'package.json'))('source-map-js');
  const lines = readFileSync(path.join(dist, entry), 'utf8').split('\n');
  const mappings = [];
  new SourceMapConsumer(JSON.parse(readFileSync(path.join(dist, `${entry}.map`), 'utf8'))).eachMapping((mapping) => mappings.push(mapping));
  const partOf = (source) => {
    const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source ?? '');
    if (library) return library[1];
    const campus = /(client\/src|server\/src\/contracts)\/([^/]+)/.exec(source ?? '');
    return campus ? `${campus[1]}/${campus[2]}` : 'other';
  };
  const parts = new Map();
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1];
    const line = lines[mapping.generatedLine - 1] ?? '';
    const end = next && next.generatedLine === mapping.generatedLine ? next.generatedColumn : line.length;
    const part = partOf(mapping.source);
    parts.set(part, (parts.get(part) ?? '') + line.slice(mapping.generatedColumn, end));
  });
  return [...parts].map(([part, code]) => ({ part, kb: gzipSync(code, { level: 9 }).length / 1024 })).sort((a, b) => b.kb - a.kb);
}

export async function run() {
  const build = spawnSync('npm', ['run', 'build', '-w', 'server', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const dist = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-bundle-'));
  addCleanup(() => rmSync(dist, { recursive: true, force: true }));
  buildClient(dist);
  const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
  // The server's own code decides which chunks the top page's HTML names.
  const { withFirstPagePreloads } = await import(pathToFileURL(path.join(ROOT, 'server/dist/common/http/first-page-preloads.js')).href);
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const homeHtml = withFirstPagePreloads(indexHtml, manifest, 'src/app/routes/home-page.tsx');
  const firstLoad = firstLoadScripts(homeHtml);
  const allScripts = readdirSync(path.join(dist, 'assets')).filter((file) => /\.m?js$/.test(file)).map((file) => `assets/${file}`);
  const lazy = allScripts.filter((file) => !firstLoad.includes(file));
  const total = firstLoad.reduce((sum, file) => sum + gzipKb(file), 0);
  const met = total <= BUDGET_KB;
  const row = (file) => `| \`${file}\` | ${gzipKb(file).toFixed(1)} |`;
  const composition = entryComposition(dist, firstLoadScripts(indexHtml)[0]);
  const shown = composition.filter((part) => part.kb >= 1);
  const rest = composition.filter((part) => part.kb < 1);
  const markdown = [
    `## ${title}`,
    '',
    `- Date: ${new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`,
    '- Command: `BENCH_ONLY=client-bundle npm run bench` (builds the server, and the client into a temporary folder with hidden source maps; gzip level 9)',
    '',
    '| first-load script | KB gzip |',
    '| --- | ---: |',
    ...firstLoad.map(row),
    `| **total** | **${total.toFixed(1)}** |`,
    '',
    `**Budget ≤ ${BUDGET_KB} KB gzip: ${met ? 'met' : 'not met'}**`,
    '',
    'The entry script by part (each gzipped alone, from a build with source maps):',
    '',
    '| part of the entry | KB gzip |',
    '| --- | ---: |',
    ...shown.map((part) => `| ${part.part} | ${part.kb.toFixed(1)} |`),
    `| ${rest.length} smaller parts | ${rest.reduce((sum, part) => sum + part.kb, 0).toFixed(1)} |`,
    '',
    `Loaded later, by the routes that need them (${lazy.length} chunks): ${lazy.map((file) => `\`${path.basename(file)}\` ${gzipKb(file).toFixed(1)} KB`).join(', ')}.`,
  ].join('\n');
  return { id, title, markdown, met };
}
