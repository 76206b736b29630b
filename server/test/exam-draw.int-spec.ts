import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };
const SLUG = 'line-ads-basic';

/**
 * The draw avoids, where the bank allows, the questions of the learner's previous attempt (issue 35 point 4),
 * through the real start route: the course's bank is replaced by one of a known size per topic.
 */
describe('drawing a retake: the questions of the previous attempt are avoided while the bank allows', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let courseId: string;

  /**
   * A published bank of `perTopic` questions in each of the topics a and b, of which the exam draws two each
   * (question n at version n + 1, so a frozen version can be told apart), and beside it a draft of the same
   * topics in the studio's history only: the draw must never take it.
   */
  async function useBank(perTopic: number) {
    await database.query(`delete from questions where course_id = $1`, [courseId]);
    await database.query(`delete from question_versions where course_id = $1`, [courseId]);
    await database.query(`update courses set exam = exam || '{"questionCount": 4, "topics": {"a": 2, "b": 2}, "retakeWaitHours": 1}'::jsonb where id = $1`, [courseId]);
    for (const topic of ['a', 'b']) {
      for (let index = 1; index <= perTopic; index += 1) {
        await database.query(
          `insert into questions (course_id, question_id, topic, type, prompt, choices, explanation, content_hash, version)
           values ($1, $2, $3, 'single', $4, '[{"text":"正しい","correct":true},{"text":"誤り","correct":false}]', '説明', 'h', $5)`,
          [courseId, `${topic}-${index}`, topic, `${topic} の問題 ${index}`, index + 1],
        );
      }
      await database.query(
        `insert into question_versions (course_id, question_id, version, status, topic, type, prompt, choices, explanation)
         values ($1, $2, 1, 'draft', $3, 'single', '下書きの問題', '[{"text":"正しい","correct":true},{"text":"誤り","correct":false}]', '説明')`,
        [courseId, `${topic}-draft`, topic],
      );
    }
  }

  /** Each question of the learner's sessions whose frozen version is not the one the bank held when it was drawn. */
  async function versionsOffTheBank(): Promise<unknown[]> {
    const { rows } = await database.query(
      `select q->>'questionId' as id, q->'version' as frozen, b.version as bank
       from exam_sessions s cross join jsonb_array_elements(s.questions) q
       join questions b on b.course_id = s.course_id and b.question_id = q->>'questionId'
       where s.course_id = $1 and (q->'version') is distinct from to_jsonb(b.version)`,
      [courseId],
    );
    return rows;
  }

  /** Starts an attempt and ends it as failed long enough ago that the next may start; the drawn ids. */
  async function attempt(): Promise<string[]> {
    const started = await learner.xhr('POST', `/api/v1/certification-courses/${SLUG}/exam/start/`);
    expect(started.status).toBe(200);
    const { examSessionId } = started.json();
    const { rows } = await database.query<{ ids: string[] }>(
      `update exam_sessions set status = 'graded', passed = false, finished_at = now() - interval '2 hours', started_at = now() - interval '3 hours'
       where id = $1 returning (select array_agg(q->>'questionId') from jsonb_array_elements(questions) q) as ids`,
      [examSessionId],
    );
    return rows[0]!.ids;
  }

  beforeAll(async () => {
    campus = await startCampus({ mediaDir });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    courseId = (await database.query(`select id from courses where kind = 'certification' and slug = $1`, [SLUG])).rows[0].id;
  });
  afterAll(async () => {
    await database.end();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('shares no question between two attempts in a row when each topic holds three times what it contributes', async () => {
    await useBank(6);
    let previous = await attempt();
    for (let round = 0; round < 4; round += 1) {
      const next = await attempt();
      expect(next).toHaveLength(4);
      expect(next.filter((id) => previous.includes(id))).toEqual([]);
      expect(next.filter((id) => id.endsWith('-draft'))).toEqual([]);
      previous = next;
    }
    // Every session keeps the version of each question it drew.
    expect(await versionsOffTheBank()).toEqual([]);
  });

  it('still draws a full exam when the bank is exactly the size of the exam: the same questions again', async () => {
    await useBank(2);
    const first = await attempt();
    const second = await attempt();
    expect(second).toHaveLength(4);
    expect([...second].sort()).toEqual([...first].sort());
  });

  it('fills a topic that runs short from the previous attempt, and repeats only what it must', async () => {
    await useBank(3);
    const first = await attempt();
    const second = await attempt();
    expect(second).toHaveLength(4);
    // Each topic has 3: one unseen question per topic, the other drawn again.
    expect(second.filter((id) => first.includes(id))).toHaveLength(2);
    expect(new Set([...first, ...second]).size).toBe(6);
    // Only the published bank is drawn from: the drafts beside it never fill the short topic.
    expect([...first, ...second].filter((id) => id.endsWith('-draft'))).toEqual([]);
  });
});
