// `npm run content:export [folder] [--force]`: build the server if needed, then write the database's published content as a pack.
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

ensureInstalled();
ensureBuilt();
process.exit(run(process.execPath, ['server/dist/content-export.js', ...process.argv.slice(2)]));
