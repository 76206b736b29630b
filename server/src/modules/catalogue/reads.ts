import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { siteTexts } from './catalogue.schema.js';

/** A text of the content pack by its key (the terms, the privacy policy…), as imported; undefined when absent. */
export async function siteText(db: DatabaseExecutor, key: string): Promise<unknown> {
  const [row] = await db.select({ value: siteTexts.value }).from(siteTexts).where(eq(siteTexts.key, key));
  return row?.value;
}
