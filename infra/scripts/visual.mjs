// `npm run test:visual` compares the pages with the committed screenshots (client/e2e/visual.spec.ts);
// `npm run test:visual:update` rewrites those baselines after a change in look that is meant.
// Builds first when the sources are newer than the build, as `npm start` does.
import { runPlaywright } from './e2e-run.mjs';
import { ensureBuilt, ensureInstalled, ensureLocalRedis } from './lib.mjs';
import { runOnPinnedNode } from './pinned-node.mjs';

await runOnPinnedNode();

const update = process.argv.includes('--update');
ensureInstalled();
ensureBuilt();
await ensureLocalRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const status = await runPlaywright(['client/e2e/visual.spec.ts', '--reporter=list', ...(update ? ['--update-snapshots=all'] : [])]);
process.exit(status);
