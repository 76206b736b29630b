import { sql } from 'drizzle-orm';
import { type DatabaseExecutor, rowsOf } from '../../../database/connection.js';
import { learnerNameOf } from '../../identity/reads.js';

/** The names ("姓 名") of the admins who wrote these rows, in one query (null ids, the import's, are left out). */
export async function adminNamesOf(db: DatabaseExecutor, adminIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(adminIds.filter((value): value is string => value !== null))];
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; name: string | null }>(
    db,
    sql`select ids.id, ${learnerNameOf(sql`ids.id`)} as name from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) as ids(id)`,
  );
  return new Map(rows.flatMap((row) => (row.name ? [[row.id, row.name] as const] : [])));
}
