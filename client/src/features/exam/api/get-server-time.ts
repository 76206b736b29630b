import { getServerTime } from '@campus/contracts/routes/clock';
import { callApi } from '../../../lib/call-api';

export interface ClockReading {
  /** Server time minus client time, in ms: add it to `Date.now()` to get the server's now. */
  offsetMs: number;
  /** The client's `Date.now()` when the reading was taken. */
  clientNow: number;
}

/**
 * The server clock is the only clock (ARCHITECTURE §4). The offset assumes the answer was made
 * halfway through the round trip. Silent on failure: the caller keeps its offset.
 */
export async function readServerClock(now: () => number = Date.now): Promise<ClockReading> {
  const sent = now();
  const { value } = await callApi(getServerTime, {}, { noCache: true, skipStatuses: 'all' });
  const received = now();
  return { offsetMs: Math.round(value - (sent + received) / 2), clientNow: received };
}
