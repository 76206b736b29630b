import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { ItemStatistics } from '../src/contracts/item-statistics';
import type { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';

const SLUG = 'yahoo-ads-displayads-basic';

/** Pearson's r written out once more, independently of the server's code: the expected discriminations. */
function pearson(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const sxy = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const sxx = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  const syy = ys.reduce((sum, y) => sum + (y - my) ** 2, 0);
  return sxy / Math.sqrt(sxx * syy);
}

describe('item statistics of a bank, from graded outcomes seeded with known values', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let admin: BrowserLikeClient;
  let learner: BrowserLikeClient;
  /**
   * Per session (12 of them): right (1) or wrong (0) on four seeded questions. A everyone gets right; D goes with B,
   * so B agrees with the rest of the exam, while C is right mostly where B and D are wrong (a negative discrimination).
   */
  const answers: Record<string, number[]> = {
    A: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    B: [0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1],
    C: [1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0],
    D: [0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1],
  };
  const KEYS = ['A', 'B', 'C', 'D'];
  let ids: Record<string, string>;

  beforeAll(async () => {
    campus = await startCampus({ mediaDir });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    admin = await logInAsDemo(campus.api.origin, 'admin');
    learner = await logInAsDemo(campus.api.origin, 'learner');
    const course = (await database.query(`select id from courses where kind = 'certification' and slug = $1`, [SLUG])).rows[0].id;
    const bank = (await database.query(`select question_id from questions where course_id = $1 order by question_id limit 4`, [course])).rows.map((row) => row.question_id);
    ids = { A: bank[0], B: bank[1], C: bank[2], D: bank[3] };
    for (let session = 0; session < 12; session += 1) {
      const userId = randomUUID();
      const sessionId = randomUUID();
      await database.query(`insert into users (id, subject, email, has_accepted_agreements) values ($1, $2, $3, true)`, [userId, `item-${session}`, `item-${session}@example.com`]);
      const startedAt = new Date(Date.UTC(2026, 10, 1, 0, session));
      await database.query(
        `insert into exam_sessions (id, user_id, course_id, status, questions, answers, started_at, deadline, finished_at, passed, stream_version)
         values ($1, $2, $3, 'graded', '[]', '{}', $4, $4, $4, false, 1)`,
        [sessionId, userId, course, startedAt],
      );
      for (const key of KEYS) {
        await database.query(
          `insert into exam_question_outcomes (exam_session_id, question_id, course_id, topic, prompt, correct, started_at) values ($1, $2, $3, 't', 'p', $4, $5)`,
          [sessionId, ids[key], course, answers[key]![session] === 1, startedAt],
        );
      }
    }
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('computes p-values, point-biserial discriminations with the rest score, exposure, last drawn and the flags', async () => {
    const reply = await admin.xhr('GET', `/api/v1/admin/studio/certification-courses/${SLUG}/item-statistics`);
    expect(reply.status).toBe(200);
    const stats = reply.json<ItemStatistics>();
    expect(stats.gradedSessions).toBe(12);
    expect(Object.keys(stats.topicNames).length).toBeGreaterThan(0);
    const item = (key: string) => stats.items.find((candidate) => candidate.questionId === ids[key])!;
    const rest = (key: string) => Array.from({ length: 12 }, (_, session) => KEYS.reduce((sum, other) => sum + answers[other]![session]!, 0) - answers[key]![session]!);

    expect(item('A')).toMatchObject({ attempts: 12, pValue: 1, discrimination: null, exposure: 1, flags: expect.arrayContaining(['tooEasy']) });
    expect(item('B').pValue).toBeCloseTo(7 / 12, 3);
    expect(item('B').discrimination).toBeCloseTo(pearson(answers.B!, rest('B')), 3);
    expect(item('C').pValue).toBeCloseTo(6 / 12, 3);
    expect(item('C').discrimination).toBeCloseTo(pearson(answers.C!, rest('C')), 3);
    expect(item('C').discrimination).toBeLessThan(0);
    expect(item('C').flags).toContain('negativeDiscrimination');
    expect(item('B').discrimination).toBeGreaterThan(0);
    expect(item('B').flags).not.toContain('negativeDiscrimination');
    expect(item('A').lastDrawnAt).toBe(new Date(Date.UTC(2026, 10, 1, 0, 11)).toISOString());
    // The rest of the published bank is listed with nothing drawn yet.
    const never = stats.items.find((candidate) => !Object.values(ids).includes(candidate.questionId))!;
    expect(never).toMatchObject({ attempts: 0, pValue: null, exposure: 0, lastDrawnAt: null });
  });

  it('is for admins only, and 404 for a course that is not a certification', async () => {
    expect((await learner.xhr('GET', `/api/v1/admin/studio/certification-courses/${SLUG}/item-statistics`)).status).toBe(403);
    expect((await admin.xhr('GET', '/api/v1/admin/studio/certification-courses/oa-getting-started/item-statistics')).status).toBe(404);
  });
});
