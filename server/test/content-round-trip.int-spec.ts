import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase, type DatabaseConnection } from '../src/database/connection';
import { EventStore } from '../src/database/event-store';
import { exportContentPack } from '../src/modules/catalogue/content/export-content-pack';
import { importContentPack } from '../src/modules/catalogue/content/import-content-pack';
import { loadContentPack } from '../src/modules/catalogue/content/load-content-pack';
import { createTestDatabase } from './support/campus-harness';
import { DEMO_PACK_DIR } from './support/demo-content';

const META = { actorId: null, requestId: null, correlationId: 'round-trip', causationId: null };

/** Every content table as plain rows, without ids, hashes or times (they differ between two databases by design). */
async function contentOf(url: string): Promise<Record<string, unknown[]>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const query = async (sql: string) => (await client.query(sql)).rows;
  try {
    return {
      programs: await query(`select code, service_slug, name, description, position from programs order by code`),
      categories: await query(`select program, slug, name, position from categories order by program, slug`),
      courses: await query(
        `select kind, program, slug, title, summary, level, categories, estimated_minutes, login_required, exam, badge_valid_months, position, published from courses order by kind, slug`,
      ),
      lessons: await query(
        `select c.kind, c.slug as course, l.slug, l.position, l.title, l.kind as lesson_kind, l.login_required, l.estimated_minutes, l.body, l.slides, l.video, l.pdf_path, l.captions_path, l.transcript, l.related_links, l.checks
           from lessons l join courses c on c.id = l.course_id order by c.kind, c.slug, l.position`,
      ),
      questions: await query(
        `select c.slug as course, q.question_id, q.topic, q.type, q.prompt, q.choices, q.explanation, q.version from questions q join courses c on c.id = q.course_id order by c.slug, q.question_id`,
      ),
      featured: await query(`select f.position, c.kind, c.slug, f.headline from featured_items f join courses c on c.id = f.course_id order by f.position`),
      siteTexts: await query(`select key, value from site_texts order by key`),
    };
  } finally {
    await client.end();
  }
}

/** Every file under a folder, by its relative path, as bytes. */
function filesOf(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) files.set(path.relative(folder, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name)));
  }
  return files;
}

describe('the content pack as the backup: import → content:export → import into a fresh database changes nothing', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'campus-round-trip-'));
  const databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
  const connections: DatabaseConnection[] = [];

  async function importInto(folder: string, mediaDir: string) {
    const database = await createTestDatabase();
    databases.push(database);
    const connection = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    connections.push(connection);
    await connection.migrate();
    await importContentPack(new EventStore(connection), loadContentPack(folder), { mediaDir }, META);
    return { url: database.url, connection };
  }

  afterAll(async () => {
    for (const connection of connections) await connection.close();
    for (const database of databases) await database.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('gives the same rows in every content table, the same media, and the same pack when exported again', async () => {
    const first = await importInto(DEMO_PACK_DIR, path.join(work, 'media-a'));
    const exported = path.join(work, 'exported');
    const report = await exportContentPack(first.connection.db, path.join(work, 'media-a'), exported);
    expect(report.notes).toEqual([]);
    expect(report.courses).toBeGreaterThan(30);

    const second = await importInto(exported, path.join(work, 'media-b'));
    expect(await contentOf(second.url)).toEqual(await contentOf(first.url));

    // Videos and captions come back byte for byte (slide PDFs are rendered again from their decks).
    const mediaA = filesOf(path.join(work, 'media-a'));
    const mediaB = filesOf(path.join(work, 'media-b'));
    expect([...mediaB.keys()].sort()).toEqual([...mediaA.keys()].sort());
    for (const [file, bytes] of mediaA) if (!file.endsWith('.pdf')) expect({ file, same: mediaB.get(file)!.equals(bytes) }).toEqual({ file, same: true });

    const again = path.join(work, 'exported-again');
    await exportContentPack(second.connection.db, path.join(work, 'media-b'), again);
    const packA = filesOf(exported);
    const packB = filesOf(again);
    expect([...packB.keys()].sort()).toEqual([...packA.keys()].sort());
    for (const [file, bytes] of packA) expect({ file, same: packB.get(file)!.equals(bytes) }).toEqual({ file, same: true });
  }, 240_000);
});
