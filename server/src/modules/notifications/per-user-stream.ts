import { sql } from 'drizzle-orm';
import { rowsOf, type Transaction } from '../../database/connection.js';

/**
 * The version to append at on a per-learner stream with no read table to keep it in. The transaction
 * lock serialises two tabs marking at once, so neither fails with a version conflict.
 */
export async function lockedStreamVersion(tx: Transaction, streamType: string, streamId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${streamType}:${streamId}`}))`);
  const [row] = await rowsOf<{ version: number | null }>(
    tx,
    sql`select max(version) as version from events where stream_type = ${streamType} and stream_id = ${streamId}`,
  );
  return Number(row?.version ?? 0);
}
