import { Client } from 'pg';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { loginThroughDevIdp } from './support/dev-idp-login';

const validProfile = {
  lastName: '髙橋',
  firstName: '﨑子',
  lastNameKana: 'タカハシ',
  firstNameKana: 'サキコ',
  email: 'takahashi@example.com',
};

describe('current user, profile and agreements', () => {
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;

  const loggedIn = async (login: 'learner' | 'learner-new' | 'admin' = 'learner-new') => {
    const client = new BrowserLikeClient(campus.api.origin);
    await loginThroughDevIdp(client, { login });
    return client;
  };

  beforeAll(async () => {
    campus = await startCampus();
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
  });
  afterAll(async () => {
    await database.end();
    await campus.stop();
  });

  it('refuses PUT /me with AGREEMENT_REQUIRED until the agreements are accepted', async () => {
    const client = await loggedIn();
    const before = await client.xhr('PUT', '/api/v1/me', validProfile);
    expect(before.status).toBe(400);
    expect(before.json()).toMatchObject({ status: 400, code: 'AGREEMENT_REQUIRED' });
    expect((await client.xhr('GET', '/api/v1/has-unread/')).json().code).toBe('AGREEMENT_REQUIRED');
  });

  it('records AgreementAccepted as an event and projects it into the read model', async () => {
    const client = await loggedIn();
    const accepted = await client.xhr('POST', '/api/v1/agreements/accept');
    expect(accepted.status).toBe(200);
    expect(accepted.json()).toEqual({ termsVersion: expect.any(String), acceptedAt: expect.any(String) });

    const me = (await client.xhr('GET', '/api/v1/me')).json();
    expect(me).toMatchObject({ hasAcceptedAgreements: true, canMigrateFromCloudCampus: false });
    const { rows: users } = await database.query(`select id from users where subject = 'demo-learner-new'`);
    const userId = users[0].id;
    const { rows: events } = await database.query(
      `select type, stream_type, version, data, meta from events where stream_id = $1 order by version`,
      [userId],
    );
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'AgreementAccepted']);
    expect(events[1]).toMatchObject({ stream_type: 'user', version: 2 });
    expect(events[1].data).toMatchObject({ termsVersion: accepted.json().termsVersion, migratedFromCloudCampus: false });
    expect(events[1].meta).toMatchObject({ actorId: userId, requestId: expect.any(String), correlationId: expect.any(String) });
    const { rows: acceptances } = await database.query(`select terms_version from agreement_acceptances where user_id = $1`, [userId]);
    expect(acceptances).toHaveLength(1);

    // Accepting again (another tab) is not a second fact.
    expect((await client.xhr('POST', '/api/v1/agreements/accept')).status).toBe(200);
    const { rows: after } = await database.query(`select count(*)::int as n from events where type = 'AgreementAccepted' and stream_id = $1`, [userId]);
    expect(after[0].n).toBe(1);
    expect((await client.xhr('GET', '/api/v1/has-unread/')).json()).toEqual({
      hasUnreadNotifications: false,
      hasUnreadAnnouncements: false,
    });
  });

  it('clears the migration flag on acceptance', async () => {
    const client = await loggedIn('learner');
    // A learner carried over from the older campus (the migration import sets this flag).
    await database.query(`update users set can_migrate_from_cloud_campus = true where subject = 'demo-learner'`);
    expect((await client.xhr('GET', '/api/v1/me')).json().canMigrateFromCloudCampus).toBe(true);
    await client.xhr('POST', '/api/v1/agreements/accept');
    expect((await client.xhr('GET', '/api/v1/me')).json()).toMatchObject({
      canMigrateFromCloudCampus: false,
      hasAcceptedAgreements: true,
    });
    const { rows } = await database.query(
      `select data from events where type = 'AgreementAccepted' and stream_id = (select id::text from users where subject = 'demo-learner')`,
    );
    expect(rows[0].data.migratedFromCloudCampus).toBe(true);
  });

  describe('PUT /me', () => {
    let client: BrowserLikeClient;
    beforeAll(async () => {
      client = await loggedIn();
      await client.xhr('POST', '/api/v1/agreements/accept');
    });

    it.each([
      ['a missing field', { ...validProfile, lastName: undefined }, 'lastName'],
      ['an empty first name', { ...validProfile, firstName: '  ' }, 'firstName'],
      ['a name over 50 characters', { ...validProfile, lastName: '山'.repeat(51) }, 'lastName'],
      ['hiragana in a kana field', { ...validProfile, lastNameKana: 'たかはし' }, 'lastNameKana'],
      ['latin letters in a kana field', { ...validProfile, firstNameKana: 'Sakiko' }, 'firstNameKana'],
      ['a malformed e-mail', { ...validProfile, email: 'not-an-email' }, 'email'],
      ['a name the certificate font cannot print', { ...validProfile, firstName: '花子😀' }, 'firstName'],
      ['markup in a name', { ...validProfile, lastName: '<img src=x onerror=alert(1)>' }, 'lastName'],
      ['a control character in a name', { ...validProfile, firstName: '花\u001b子' }, 'firstName'],
      ['an unknown field', { ...validProfile, role: 'admin' }, 'role'],
      ['a wrong type', { ...validProfile, email: 42 }, 'email'],
    ])('answers 400 naming the field for %s', async (_case, body, field) => {
      const reply = await client.xhr('PUT', '/api/v1/me', body);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
      expect(reply.json().message).toEqual(expect.any(String));
      expect((await client.xhr('GET', '/api/v1/me')).json().hasProfile).toBe(false);
    });

    it('answers 400 for a body that is not an object', async () => {
      const reply = await client.xhr('PUT', '/api/v1/me', ['not', 'an', 'object']);
      expect(reply.status).toBe(400);
      expect(reply.json().code).toBe('VALIDATION_FAILED');
    });

    it('saves a valid profile as ProfileUpdated and marks the profile registered', async () => {
      const reply = await client.xhr('PUT', '/api/v1/me', validProfile);
      expect(reply.status).toBe(200);
      expect(reply.json()).toMatchObject({ lastName: '髙橋', firstName: '﨑子', hasProfile: true });
      const { rows } = await database.query(
        `select e.data from events e join users u on u.id::text = e.stream_id where u.subject = 'demo-learner-new' and e.type = 'ProfileUpdated'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].data).toEqual(validProfile);

      // Admins see the edit in the event history like every other fact.
      const admin = await loggedIn('admin');
      const page = (await admin.xhr('GET', '/api/v1/admin/events?type=ProfileUpdated')).json();
      const { rows: learner } = await database.query(`select id from users where subject = 'demo-learner-new'`);
      expect(page.items).toEqual([expect.objectContaining({ type: 'ProfileUpdated', userId: learner[0].id, data: validProfile })]);
    });

    it('names the characters the certificate font cannot print', async () => {
      const reply = await client.xhr('PUT', '/api/v1/me', { ...validProfile, lastName: '髙橋☺😀' });
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'lastName' });
      expect(reply.json().message).toContain('「☺」「😀」');
    });
  });

  describe('GET /me/profile', () => {
    it('before registration: no printed name, names and e-mail from the login provider', async () => {
      const client = await loggedIn('learner-new');
      // Whatever earlier tests saved for this learner, the provider's facts are what a fresh one starts from.
      await database.query(`update users set has_profile = false, email = null, last_name_kana = null, first_name_kana = null, last_name = '新規', first_name = 'さくら' where subject = 'demo-learner-new'`);
      const reply = await client.xhr('GET', '/api/v1/me/profile');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.json()).toEqual({
        hasProfile: false,
        lastName: '新規',
        firstName: 'さくら',
        lastNameKana: '',
        firstNameKana: '',
        email: 'learner-new@example.com',
        iconUrl: null,
        printedName: null,
      });
    });

    it('after registration: the saved fields and the name as certificates print it', async () => {
      const client = await loggedIn('learner-new');
      await client.xhr('POST', '/api/v1/agreements/accept');
      expect((await client.xhr('PUT', '/api/v1/me', validProfile)).status).toBe(200);
      expect((await client.xhr('GET', '/api/v1/me/profile')).json()).toMatchObject({
        ...validProfile,
        hasProfile: true,
        printedName: '髙橋 﨑子',
      });
    });

    it('needs a login', async () => {
      const reply = await new BrowserLikeClient(campus.api.origin).xhr('GET', '/api/v1/me/profile');
      expect(reply.status).toBe(401);
      expect(reply.json()).toMatchObject({ code: 'LOGIN_REQUIRED' });
    });
  });

  describe('check-is-printable-name', () => {
    let client: BrowserLikeClient;
    beforeAll(async () => {
      client = await loggedIn('learner');
    });

    it.each([
      ['髙橋', true, []],
      ['山﨑', true, []],
      ['渡邊　綾', true, []],
      ['花子😀', false, ['😀']],
      ['김민수', false, ['김', '민', '수']],
    ])('%s → %s (judged by the certificate font)', async (value, printable, unprintableCharacters) => {
      const reply = await client.xhr('POST', '/api/v1/check-is-printable-name', { value });
      expect(reply.status).toBe(200);
      expect(reply.json()).toEqual({ value: printable, unprintableCharacters });
    });

    it.each([
      ['an empty value', { value: '' }],
      ['a missing value', {}],
      ['a number', { value: 7 }],
      ['a value over 100 characters', { value: 'あ'.repeat(101) }],
    ])('answers 400 naming value for %s', async (_case, body) => {
      const reply = await client.xhr('POST', '/api/v1/check-is-printable-name', body);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'value' });
    });

    it('needs a login', async () => {
      const reply = await new BrowserLikeClient(campus.api.origin).xhr('POST', '/api/v1/check-is-printable-name', { value: '山田' });
      expect(reply.status).toBe(401);
    });
  });
});
