// `npm run legacy-badges:import -- <file.csv>`: build the server if needed, then import Cloud Campus badge records.
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

ensureInstalled();
ensureBuilt();
process.exit(run(process.execPath, ['server/dist/legacy-badges-import.js', ...process.argv.slice(2)]));
