import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config/config.js';
import { openDatabase } from './database/connection.js';
import { EventStore } from './database/event-store.js';
import { ImportLegacyBadgesCommand } from './modules/cloud-campus-migration/commands/import-legacy-badges/import-legacy-badges.command.js';
import { ImportLegacyBadgesHandler } from './modules/cloud-campus-migration/commands/import-legacy-badges/import-legacy-badges.handler.js';
import { LEGACY_BADGE_CSV_HEADER } from './modules/cloud-campus-migration/commands/import-legacy-badges/legacy-badge-csv.js';

/**
 * `npm run legacy-badges:import -- <file.csv>`: records Cloud Campus badges for the migration.
 * Exit code 0 when every row was good, 1 when some were rejected (the good ones are still imported)
 * or the file could not be read, 2 for a missing argument.
 */

const BAR_WIDTH = 30;

function progressBar(done: number, total: number) {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  const line = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`);
  else if (done === total || done % 1000 === 0) console.log(line);
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('使い方: npm run legacy-badges:import -- <CSV ファイル>');
    console.error(`CSV の列: ${LEGACY_BADGE_CSV_HEADER.join(',')}（見出し行は省略可、合格日は YYYY-MM-DD か ISO 8601 の日時）`);
    return 2;
  }
  const csvPath = path.resolve(file);
  let csv: string;
  try {
    csv = readFileSync(csvPath, 'utf8');
  } catch {
    console.error(`ファイルを読めません: ${csvPath}`);
    return 1;
  }
  const config = loadConfig();
  const connection = await openDatabase(config.database);
  try {
    await connection.migrate();
    console.log(`Cloud Campus のバッジ記録を取り込んでいます: ${csvPath}`);
    const meta = { actorId: null, requestId: null, correlationId: 'legacy-badges-import', causationId: null };
    const report = await new ImportLegacyBadgesHandler(new EventStore(connection)).execute(
      new ImportLegacyBadgesCommand(csv, path.basename(csvPath), meta, progressBar),
    );
    console.log(`取り込み ${report.imported} 件、変更なし ${report.unchanged} 件、不正な行 ${report.rejected.length} 件。`);
    if (report.offeredUsers > 0) console.log(`登録済みの ${report.offeredUsers} 人に引き継ぎを案内します（次に同意ポップアップが表示されます）。`);
    if (report.rejected.length === 0) return 0;
    console.error('取り込まなかった行:');
    for (const row of report.rejected) console.error(`  ${row.line} 行目: ${row.reason}`);
    return 1;
  } finally {
    await connection.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
