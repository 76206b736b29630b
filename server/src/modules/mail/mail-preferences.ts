import { eq } from 'drizzle-orm';
import type { MailPreferences, MailSettings } from '../../contracts/mail.js';
import { learnerContact } from '../identity/reads.js';
import { isConfirmedAddress } from './mail-addresses.js';
import { MAIL_KIND_DEFAULTS } from '../../contracts/mail-kinds.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { mailPreferences } from './mail.schema.js';

/** The learner's choices, the defaults where they never chose. */
export async function preferencesOf(db: DatabaseExecutor, userId: string): Promise<MailPreferences> {
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  if (!row) return { ...MAIL_KIND_DEFAULTS };
  return { certificate: row.certificate, expiry: row.expiry, revocation: row.revocation, announcement: row.announcement };
}

/** Writes the whole set (one row per learner). */
export async function savePreferences(db: DatabaseExecutor, userId: string, preferences: MailPreferences): Promise<void> {
  const row = { ...preferences, updatedAt: new Date() };
  await db
    .insert(mailPreferences)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: row });
}

/** The profile's メール通知 as shown: the choices, and the address while it waits for its confirmation. */
export async function mailSettingsOf(db: DatabaseExecutor, userId: string): Promise<MailSettings> {
  const [preferences, contact] = await Promise.all([preferencesOf(db, userId), learnerContact(db, { userId })]);
  const address = contact?.email?.toLowerCase() ?? null;
  const pending = address !== null && !(await isConfirmedAddress(db, userId, address, contact!.verifiedEmail));
  return { ...preferences, pendingAddress: pending ? address : null };
}
