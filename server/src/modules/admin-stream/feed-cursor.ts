import { sql } from 'drizzle-orm';
import { type DatabaseExecutor, rowsOf } from '../../database/connection.js';

/**
 * A place in the admins' live feed, which is read in the order (events.transaction_id, seq): every
 * event at or before it was delivered. Written `<transaction id>.<seq>` (ADMIN_EVENT_FEED_CURSOR); the
 * transaction id stays a decimal string, as an xid8 may outgrow a JS number.
 */
export interface FeedCursor {
  transactionId: bigint;
  seq: number;
}

export const formatFeedCursor = ({ transactionId, seq }: FeedCursor): string => `${transactionId}.${seq}`;

/** Only for a cursor the contract's pattern has already accepted. */
export function parseFeedCursor(text: string): FeedCursor {
  const [transactionId, seq] = text.split('.');
  return { transactionId: BigInt(transactionId!), seq: Number(seq) };
}

export const laterCursor = (a: FeedCursor, b: FeedCursor): FeedCursor =>
  a.transactionId > b.transactionId || (a.transactionId === b.transactionId && a.seq >= b.seq) ? a : b;

/**
 * The feed's horizon: the oldest transaction still running (`pg_snapshot_xmin`). Every transaction below
 * it has ended, and every one begun later gets a higher id, so no event below it can appear any more.
 * Read in a statement of its own before the events: whatever ended before that statement is visible to
 * the next one. As a cursor, (horizon, 0) stands after every event below it. `held`: committed events
 * already wait at or above it, behind a transaction still open (typically for milliseconds: a relay or an
 * answer save), so the reader should look again shortly rather than wait for the next hint.
 */
export async function readFeedHorizon(executor: DatabaseExecutor): Promise<{ horizon: FeedCursor; held: boolean }> {
  const [row] = await rowsOf<{ horizon: string; held: boolean }>(
    executor,
    sql`select oldest_open.horizon::text as horizon, exists (select 1 from events where transaction_id >= oldest_open.horizon) as held
          from (select pg_snapshot_xmin(pg_current_snapshot()) as horizon) as oldest_open`,
  );
  return { horizon: { transactionId: BigInt(row!.horizon), seq: 0 }, held: row!.held };
}
