import { and, eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { mailAddressConfirmations } from './mail.schema.js';

/** Whether mail may go to `address` (lower-cased): the provider vouches for it, or the learner confirmed it by its link. */
export async function isConfirmedAddress(db: DatabaseExecutor, userId: string, address: string, verifiedEmail: string | null): Promise<boolean> {
  if (address === verifiedEmail) return true;
  const [row] = await db
    .select({ confirmedAt: mailAddressConfirmations.confirmedAt })
    .from(mailAddressConfirmations)
    .where(and(eq(mailAddressConfirmations.userId, userId), eq(mailAddressConfirmations.address, address)));
  return row !== undefined;
}
