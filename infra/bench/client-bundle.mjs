// Budget: the JavaScript the home page loads first, gzipped: the entry script and every modulepreload
// of the HTML the server answers for `/` (index.html plus the top page's own chunks, which SpaIndex
// links in from the build manifest). Lazy route chunks (pdf.js, exam, admin, …) are listed separately.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib.mjs';

export const id = 'client-bundle';
export const title = 'First-load JavaScript of the home route';

const BUDGET_KB = 150;
const DIST = path.join(ROOT, 'client', 'dist');

const gzipKb = (file) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length / 1024;

/** Script files index.html makes the browser fetch before the page can run. */
export function firstLoadScripts(indexHtml) {
  const sources = [...indexHtml.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((match) => match[1]);
  const preloads = [...indexHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((match) => match[1]);
  return [...new Set([...sources, ...preloads])];
}

export async function run() {
  for (const workspace of ['client', 'server']) {
    const build = spawnSync('npm', ['run', 'build', '-w', workspace, '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`${workspace} build failed`);
  }
  // The server's own code decides which chunks the top page's HTML names.
  const { withFirstPagePreloads } = await import(pathToFileURL(path.join(ROOT, 'server/dist/common/http/first-page-preloads.js')).href);
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8'));
  const homeHtml = withFirstPagePreloads(readFileSync(path.join(DIST, 'index.html'), 'utf8'), manifest, 'src/app/routes/home-page.tsx');
  const firstLoad = firstLoadScripts(homeHtml);
  const allScripts = readdirSync(path.join(DIST, 'assets')).filter((file) => file.endsWith('.js')).map((file) => `assets/${file}`);
  const lazy = allScripts.filter((file) => !firstLoad.includes(file));
  const total = firstLoad.reduce((sum, file) => sum + gzipKb(file), 0);
  const met = total <= BUDGET_KB;
  const row = (file) => `| \`${file}\` | ${gzipKb(file).toFixed(1)} |`;
  const markdown = [
    `## ${title}`,
    '',
    `- Date: ${new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`,
    '- Command: `npm run bench` (builds the client and the server, gzip level 9)',
    '',
    '| first-load script | KB gzip |',
    '| --- | ---: |',
    ...firstLoad.map(row),
    `| **total** | **${total.toFixed(1)}** |`,
    '',
    `**Budget ≤ ${BUDGET_KB} KB gzip: ${met ? 'met' : 'not met'}**`,
    '',
    `Loaded later, by the routes that need them (${lazy.length} chunks): ${lazy.map((file) => `\`${path.basename(file)}\` ${gzipKb(file).toFixed(1)} KB`).join(', ')}.`,
  ].join('\n');
  return { id, title, markdown, met };
}
