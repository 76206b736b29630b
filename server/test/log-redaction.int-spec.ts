import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { reachCampusCallback } from './support/dev-idp-login';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' };
const EMAIL = 'leak-probe.learner@example.com';

describe('no answer key, token, cookie or e-mail address in any log line', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  const lines: string[] = [];
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let callbackUrl: URL;

  beforeAll(async () => {
    // The API logs at info (every request line) into `lines` instead of standard output.
    campus = await startCampus({ mediaDir, env: { LOG_LEVEL: 'info' }, logDestination: { write: (line: string) => void lines.push(line) } });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = new BrowserLikeClient(campus.api.origin);
    callbackUrl = new URL((await reachCampusCallback(learner, { login: 'learner' })).callbackUrl);
    expect((await learner.request(callbackUrl.href)).status).toBe(302);
    expect((await learner.xhr('POST', '/api/v1/agreements/accept')).status).toBeLessThan(300);
    expect((await learner.xhr('PUT', '/api/v1/me', { ...PROFILE, email: 'first@example.com' })).status).toBe(200);
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('logs a command whose statement failed by its code, constraint and table, without the statement’s values', async () => {
    // Every new session and every profile change now breaks a constraint: the failing statements carry
    // the frozen questions with their correct flags, and the learner's e-mail address.
    await database.query(`alter table exam_sessions add constraint it_refuses_sessions check (false) not valid`);
    await database.query(`alter table users add constraint it_refuses_profiles check (false) not valid`);
    try {
      const start = await learner.xhr('POST', '/api/v1/certification-courses/line-ads-basic/exam/start/');
      expect(start.json()).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
      const profile = await learner.xhr('PUT', '/api/v1/me', { ...PROFILE, email: EMAIL });
      expect(profile.json()).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    } finally {
      await database.query(`alter table exam_sessions drop constraint it_refuses_sessions`);
      await database.query(`alter table users drop constraint it_refuses_profiles`);
    }

    const failures = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request failed');
    expect(failures).toHaveLength(2);
    // What the operator needs is there: which statement, which constraint of which table.
    expect(failures.map((entry) => entry.err.cause)).toEqual([
      expect.objectContaining({ code: '23514', constraint: 'it_refuses_sessions', table: 'exam_sessions' }),
      expect.objectContaining({ code: '23514', constraint: 'it_refuses_profiles', table: 'users' }),
    ]);
    expect(failures[0].err.query).toMatch(/^insert into "exam_sessions"/);

    const session = await learner.cookie(campus.api.config.session.cookieName);
    // The token the log must not contain is a real one.
    expect(session).toEqual(expect.stringMatching(/^\S{20,}$/));
    const { rows } = await database.query(`select prompt from questions q join courses c on c.id = q.course_id where c.slug = 'line-ads-basic' limit 1`);
    const log = lines.join('');
    expect(log).not.toMatch(/"correct\\?"\s*:\s*(true|false)/);
    expect(log).not.toContain(rows[0].prompt);
    expect(log).not.toContain(EMAIL);
    expect(log).not.toContain('first@example.com');
    expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(log).not.toContain(session);
    expect(log).not.toContain(callbackUrl.searchParams.get('code'));
    expect(log).not.toContain(callbackUrl.searchParams.get('state'));
    // The callback's request line is there, its credentials masked.
    expect(log).toContain('/api/v1/login/callback?');
  });
});
