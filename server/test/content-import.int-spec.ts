import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import { CERTIFICATION_SLUGS } from '../src/contracts/catalogue-slugs';
import { openDatabase, type DatabaseConnection } from '../src/database/connection';
import { EventStore } from '../src/database/event-store';
import { importContentPack } from '../src/modules/catalogue/content/import-content-pack';
import { loadContentPack, type ContentPack } from '../src/modules/catalogue/content/load-content-pack';
import { createTestDatabase } from './support/campus-harness';
import { DEMO_PACK_DIR } from './support/demo-content';

const meta = { actorId: null, requestId: null, correlationId: 'test', causationId: null };

describe('content import into PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let connection: DatabaseConnection;
  let store: EventStore;
  let sql: Client;
  let mediaDir: string;
  let pack: ContentPack;

  /** Programs, categories, courses, lessons, questions, the featured list (one item) and the four site texts. */
  const expectedRows = () => {
    const all = [...pack.courses, ...pack.certifications];
    return (
      pack.programs.length +
      pack.programs.reduce((sum, program) => sum + program.categories.length, 0) +
      all.length +
      all.reduce((sum, course) => sum + course.lessons.length, 0) +
      pack.certifications.reduce((sum, certification) => sum + certification.questions.length, 0) +
      1 +
      4
    );
  };
  const run = (contentPack: ContentPack) => importContentPack(store, contentPack, { mediaDir }, meta);
  const count = async (table: string) => (await sql.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;

  beforeAll(async () => {
    database = await createTestDatabase();
    connection = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 3 });
    await connection.migrate();
    store = new EventStore(connection);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
    pack = loadContentPack(DEMO_PACK_DIR);
  });
  afterAll(async () => {
    await sql.end();
    await connection.close();
    await database.drop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('imports the demo pack into the read models, with slide decks rendered to PDF', async () => {
    const report = await run(pack);
    expect(report).toEqual({ created: expectedRows(), updated: 0, removed: 0, unchanged: 0 });

    expect(await count('programs')).toBe(3);
    expect(await count(`courses where kind = 'certification'`)).toBe(8);
    expect(await count(`courses where kind = 'learning'`)).toBe(pack.courses.filter((course) => course.kind === 'learning').length);
    expect(await count('questions')).toBe(pack.certifications.reduce((sum, certification) => sum + certification.questions.length, 0));
    expect(await count('featured_items')).toBe(pack.featured.length);
    // Every course carries its level; a certification course the one its slug stands for (Advanced ones showed 初級).
    const { rows: certificationLevels } = await sql.query(`select slug, level from courses where kind = 'certification' order by slug collate "C"`);
    expect(certificationLevels).toEqual([...CERTIFICATION_SLUGS].sort().map((slug) => ({ slug, level: slug.endsWith('-advanced') ? 'ADVANCED' : 'BEGINNER' })));
    expect(await count('courses where level is null')).toBe(0);
    expect(await count('site_texts')).toBe(4);

    const { rows: decks } = await sql.query(`select pdf_path from lessons where kind = 'slides'`);
    expect(decks.length).toBeGreaterThanOrEqual(12);
    for (const { pdf_path: pdfPath } of decks) {
      expect(readFileSync(path.join(mediaDir, pdfPath)).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Each deck's first slide as a picture beside it, in the deck's proportions, with its page count.
    const { rows: posters } = await sql.query(`select slug, slides, slides_poster from lessons where kind = 'slides' and slides <> '[]'::jsonb`);
    expect(posters.length).toBe(decks.length);
    for (const { slides, slides_poster: poster } of posters) {
      expect(poster).toEqual({ path: expect.stringMatching(/^slides\/.+\.poster\.webp$/), width: 1280, height: 720, pageCount: slides.length });
      expect(await sharp(path.join(mediaDir, poster.path)).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    }
    const { rows: events } = await sql.query(`select type, data from events where stream_type = 'content'`);
    expect(events).toEqual([{ type: 'ContentPackImported', data: report }]);
  });

  it('changes nothing on a second run with the same pack', async () => {
    const before = await count('events');
    const report = await run(pack);
    expect(report).toEqual({ created: 0, updated: 0, removed: 0, unchanged: expectedRows() });
    expect(await count('events')).toBe(before);
  });

  it('updates what changed and removes what left the pack', async () => {
    const edited: ContentPack = structuredClone(pack);
    const certification = edited.certifications[0]!;
    certification.questions[0] = { ...certification.questions[0]!, prompt: '書き換えた問題文です。' };
    const removedQuestion = certification.questions.pop()!;
    const learning = edited.courses.find((course) => course.kind === 'learning')!;
    const removedLesson = learning.lessons.pop()!;

    const report = await run(edited);
    expect(report).toMatchObject({ created: 0, updated: 1, removed: 2 });
    const { rows } = await sql.query('select prompt from questions where question_id = $1', [certification.questions[0]!.id]);
    expect(rows[0].prompt).toBe('書き換えた問題文です。');
    expect(await count(`questions where question_id = '${removedQuestion.id}'`)).toBe(0);
    expect(await count(`lessons where slug = '${removedLesson.slug}' and course_id = (select id from courses where kind = 'learning' and slug = '${learning.slug}')`)).toBe(0);
  });

  it('re-renders a slide deck whose PDF went missing from the media storage', async () => {
    const { rows } = await sql.query(`select pdf_path from lessons where kind = 'slides' limit 1`);
    const file = path.join(mediaDir, rows[0].pdf_path);
    rmSync(file);
    await run(pack);
    expect(existsSync(file)).toBe(true);
  });

  it("draws a deck's picture again when it went missing, or when the lesson was imported before pictures were drawn, without counting a change", async () => {
    const { rows } = await sql.query(`select id, slides_poster from lessons where kind = 'slides' order by id limit 2`);
    const [lost, older] = rows as { id: string; slides_poster: { path: string } }[];
    rmSync(path.join(mediaDir, lost!.slides_poster.path));
    await sql.query('update lessons set slides_poster = null where id = $1', [older!.id]);

    expect(await run(pack)).toMatchObject({ created: 0, updated: 0, removed: 0 });

    expect(existsSync(path.join(mediaDir, lost!.slides_poster.path))).toBe(true);
    const { rows: after } = await sql.query('select slides_poster from lessons where id = $1', [older!.id]);
    expect(after[0].slides_poster).toMatchObject({ path: older!.slides_poster.path, pageCount: expect.any(Number) });
  });
});
