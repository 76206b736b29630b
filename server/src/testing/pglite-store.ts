import { sql } from 'drizzle-orm';
import { DatabaseConnection, openDatabase, rowsOf } from '../database/connection';
import { EventStore, type StoredEvent } from '../database/event-store';
import { type EventRow, toStoredEvent } from '../database/event-row';

/** For handler unit tests: an in-memory PGlite with the real migrations and a real EventStore. */
export async function openPgliteStore() {
  const connection: DatabaseConnection = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await connection.migrate();
  /** Every stored event, oldest first, as the outbox relay hands them on. */
  const storedEvents = async (): Promise<StoredEvent[]> =>
    (await rowsOf<EventRow>(connection.db, sql`select seq, id, stream_type, stream_id, version, type, data, meta, occurred_at from events order by seq`)).map(toStoredEvent);
  return { connection, db: connection.db, eventStore: new EventStore(connection), storedEvents };
}
