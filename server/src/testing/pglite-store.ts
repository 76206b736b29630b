import { EventBus } from '@nestjs/cqrs';
import { DatabaseConnection, openDatabase } from '../database/connection';
import { EventStore } from '../database/event-store';

/**
 * For handler unit tests: an in-memory PGlite with the real migrations and a real EventStore, and a
 * recording stand-in for the in-process event bus.
 */
export async function openPgliteStore() {
  const connection: DatabaseConnection = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await connection.migrate();
  const published: unknown[] = [];
  const eventBus = { publishAll: (events: unknown[]) => published.push(...events) } as unknown as EventBus;
  return { connection, db: connection.db, eventStore: new EventStore(connection, eventBus), published };
}
