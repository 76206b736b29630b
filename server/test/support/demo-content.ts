import path from 'node:path';
import { openDatabase } from '../../src/database/connection';
import { EventStore } from '../../src/database/event-store';
import { importContentPack } from '../../src/modules/catalogue/content/import-content-pack';
import { loadContentPack } from '../../src/modules/catalogue/content/load-content-pack';

export const DEMO_PACK_DIR = path.resolve(__dirname, '../../content');

/** Imports the demo content pack into a test database, as `npm run content:import` does. */
export async function importDemoPack(databaseUrl: string, mediaDir: string): Promise<void> {
  const connection = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const meta = { actorId: null, requestId: null, correlationId: 'test', causationId: null };
    await importContentPack(new EventStore(connection), loadContentPack(DEMO_PACK_DIR), { mediaDir }, meta);
  } finally {
    await connection.close();
  }
}
