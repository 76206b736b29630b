import 'reflect-metadata';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config/config.js';
import { openDatabase } from './database/connection.js';
import { exportContentPack } from './modules/catalogue/content/export-content-pack.js';

/** `npm run content:export [folder] [--force]`: writes the database's published content back as a content pack. */

const DEFAULT_FOLDER = 'content-export';

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const target = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? DEFAULT_FOLDER);
  // Never over a folder by accident (server/content above all): only an empty or new one, unless --force.
  if (existsSync(target) && readdirSync(target).length > 0 && !force) {
    console.error(`書き出し先が空ではありません: ${target}（上書きするときは --force を付けてください）`);
    process.exit(1);
  }
  const config = loadConfig();
  const connection = await openDatabase(config.database);
  try {
    await connection.migrate();
    console.log(`公開中のコンテンツを書き出しています: ${target}`);
    const report = await exportContentPack(connection.db, path.resolve(config.mediaDir), target);
    console.log(`書き出しました: コース ${report.courses} 件、レッスン ${report.lessons} 件、問題 ${report.questions} 問、メディア ${report.mediaFiles} 件。`);
    for (const note of report.notes) console.log(`  注意: ${note}`);
    console.log(`取り込むには: npm run content:import ${path.relative(process.cwd(), target) || '.'}`);
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
