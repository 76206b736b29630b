import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { certificates } from './certificates.schema.js';

/** What certificates publishes for the modules above it (credentials): plain data, never its tables. */

/** The key other modules' rows reference (`.references(certificateKey, …)`). */
export const certificateKey = () => certificates.id;

/** What a credential of a certificate needs of it; null when there is no such certificate. */
export async function certificateForCredential(
  db: DatabaseExecutor,
  certificateId: string,
): Promise<{ certificateId: string; slug: string; userId: string; courseId: string; examSessionId: string | null } | null> {
  const [certificate] = await db
    .select({ certificateId: certificates.id, slug: certificates.slug, userId: certificates.userId, courseId: certificates.courseId, examSessionId: certificates.examSessionId })
    .from(certificates)
    .where(eq(certificates.id, certificateId));
  return certificate ?? null;
}
