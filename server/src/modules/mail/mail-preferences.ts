import { eq } from 'drizzle-orm';
import type { MailPreferences } from '../../contracts/mail.js';
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
