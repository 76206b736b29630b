import 'reflect-metadata';
import path from 'node:path';
import { loadConfig } from './config/config.js';
import { openDatabase } from './database/connection.js';
import { EventStore } from './database/event-store.js';
import { importContentPack } from './modules/catalogue/content/import-content-pack.js';
import { ContentValidationError, loadContentPack } from './modules/catalogue/content/load-content-pack.js';

/** `npm run content:import [folder]`: validates the content pack and writes it into the read models. */

const DEFAULT_PACK = path.resolve(__dirname, '..', 'content');
const BAR_WIDTH = 30;

function progressBar(done: number, total: number) {
  const filled = Math.round((done / total) * BAR_WIDTH);
  const line = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`);
  else if (done === total || done % 10 === 0) console.log(line);
}

async function main() {
  const config = loadConfig();
  const packDir = path.resolve(process.argv[2] ?? DEFAULT_PACK);
  console.log(`コンテンツを検証しています: ${packDir}`);
  const pack = loadContentPack(packDir);
  const connection = await openDatabase(config.database);
  try {
    await connection.migrate();
    const report = await importContentPack(
      new EventStore(connection),
      pack,
      { mediaDir: path.resolve(config.mediaDir), onProgress: progressBar },
      { actorId: null, requestId: null, correlationId: 'content-import', causationId: null },
    );
    if (report.created + report.updated + report.removed === 0) {
      console.log(`変更はありません（${report.unchanged} 件は取り込み済みのままです）。`);
    } else {
      console.log(`取り込みました: 追加 ${report.created} 件、更新 ${report.updated} 件、削除 ${report.removed} 件、変更なし ${report.unchanged} 件。`);
    }
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ContentValidationError) {
    console.error(`コンテンツに ${error.problems.length} 件の問題があります:`);
    for (const problem of error.problems) console.error(`  ${problem.file}: ${problem.field}: ${problem.message}`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
