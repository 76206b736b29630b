import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { appPorts, createTestDatabase, startApi, testConfig, type RunningApi } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { BrowserLikeClient } from './support/browser-like-client';

const VERSION_A = '2026-04-01';
const VERSION_B = '2026-10-01';

describe('agreements: the texts, and a new TERMS_VERSION asks every learner again', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  const redisPrefix = `it-agreements-${randomUUID().slice(0, 8)}`;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: Client;
  let api: RunningApi | undefined;

  /** One API process, as a deployment with this TERMS_VERSION starts it (on the same database). */
  const startWith = async (termsVersion: string) => {
    await api?.close();
    api = await startApi(testConfig({ databaseUrl: database.url, redisPrefix, port: appPorts()[0]!, mediaDir, env: { TERMS_VERSION: termsVersion } }));
    return api;
  };
  const favourite = (client: BrowserLikeClient) => client.xhr('PUT', '/api/v1/learning-courses/oa-grow-friends/is-favorite', { value: true });

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await api?.close();
    await sql.end();
    await database.drop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers the terms and the privacy policy to anyone, with the version a learner accepts', async () => {
    const { origin } = await startWith(VERSION_A);
    const visitor = new BrowserLikeClient(origin);
    // Nothing imported yet: the envelope, not an empty page.
    expect((await visitor.xhr('GET', '/api/v1/agreements/terms')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });

    await importDemoPack(database.url, mediaDir);
    const terms = await visitor.xhr('GET', '/api/v1/agreements/terms');
    expect(terms.status).toBe(200);
    expect(terms.json()).toMatchObject({ kind: 'terms', version: VERSION_A, title: '利用規約' });
    expect(terms.json().bodyHtml).toContain('<h2>第1条（適用）</h2>');
    expect(terms.json().bodyHtml).not.toContain('<h1>');
    const privacy = (await visitor.xhr('GET', '/api/v1/agreements/privacy')).json();
    expect(privacy).toMatchObject({ kind: 'privacy', version: VERSION_A, title: 'プライバシーポリシー' });
    expect(privacy.bodyHtml).toContain('<h2>1. 取得する情報</h2>');
  });

  it('asks a learner who accepted version A again once the campus runs version B, and records B', async () => {
    const { origin } = await startWith(VERSION_A);
    const learner = await logInAsDemo(origin, 'learner-new');
    expect((await learner.xhr('GET', '/api/v1/me')).json().hasAcceptedAgreements).toBe(true);
    expect((await favourite(learner)).status).toBe(200);

    await startWith(VERSION_B);
    // The same session, on its next request.
    expect((await learner.xhr('GET', '/api/v1/me')).json()).toMatchObject({ hasAcceptedAgreements: false });
    const refused = await favourite(learner);
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, code: 'AGREEMENT_REQUIRED' });
    expect((await learner.xhr('GET', '/api/v1/has-unread/')).json().code).toBe('AGREEMENT_REQUIRED');

    const accepted = await learner.xhr('POST', '/api/v1/agreements/accept');
    expect(accepted.status).toBe(200);
    expect(accepted.json()).toMatchObject({ termsVersion: VERSION_B });
    const { rows } = await sql.query(
      `select a.terms_version from agreement_acceptances a join users u on u.id = a.user_id where u.subject = 'demo-learner-new' order by a.accepted_at`,
    );
    expect(rows.map((row) => row.terms_version)).toEqual([VERSION_A, VERSION_B]);
    const { rows: events } = await sql.query(
      `select e.data from events e join users u on u.id::text = e.stream_id where u.subject = 'demo-learner-new' and e.type = 'AgreementAccepted' order by e.seq`,
    );
    expect(events.map((event) => event.data.termsVersion)).toEqual([VERSION_A, VERSION_B]);

    expect((await learner.xhr('GET', '/api/v1/me')).json().hasAcceptedAgreements).toBe(true);
    expect((await favourite(learner)).status).toBe(200);
    expect((await learner.xhr('GET', '/api/v1/has-unread/')).status).toBe(200);

    // Back on version A (a rollback): that acceptance still counts, nothing to ask.
    await startWith(VERSION_A);
    expect((await learner.xhr('GET', '/api/v1/me')).json().hasAcceptedAgreements).toBe(true);
  });
});
