import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { DatabaseConnection, openPglite, rowsOf } from '../database/connection';
import { EventStore, type StoredEvent } from '../database/event-store';
import { type EventRow, toStoredEvent } from '../database/event-row';

/** The migrated data folder jest's global setup dumped (pglite-template.global-setup.cjs), read once per spec file. */
let template: Blob | undefined;
function migratedTemplate(): Blob | undefined {
  const file = process.env.PGLITE_TEMPLATE_FILE;
  if (file && !template) template = new Blob([readFileSync(file)]);
  return template;
}

/** For handler unit tests: an in-memory PGlite with the real migrations and a real EventStore. */
export async function openPgliteStore() {
  const connection: DatabaseConnection = await openPglite('memory://', migratedTemplate());
  // Nothing to do when the template is current; a migration added since is applied here.
  await connection.migrate();
  /** Every stored event, oldest first, as the outbox relay hands them on. */
  const storedEvents = async (): Promise<StoredEvent[]> =>
    (await rowsOf<EventRow>(connection.db, sql`select seq, id, stream_type, stream_id, version, type, data, meta, occurred_at from events order by seq`)).map(toStoredEvent);
  return { connection, db: connection.db, eventStore: new EventStore(connection), storedEvents };
}
