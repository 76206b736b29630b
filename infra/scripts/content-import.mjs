// `npm run content:import [folder]`: build the server if needed, then validate and import the content pack.
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

ensureInstalled();
ensureBuilt();
process.exit(run(process.execPath, ['server/dist/content-import.js', ...process.argv.slice(2)]));
