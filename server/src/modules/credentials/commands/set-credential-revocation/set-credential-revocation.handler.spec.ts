import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { parseConfig } from '../../../../config/config';
import { certificates } from '../../../certificates/certificates.schema';
import { courses } from '../../../catalogue/catalogue.schema';
import { events } from '../../../../database/events.schema';
import { users } from '../../../identity/identity.schema';
import { aCertificationCourseRow } from '../../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { CertificateIssued } from '../../../certificates/events';
import { openBadgeCredentials } from '../../credentials.schema';
import { GetStatusListHandler } from '../../queries/get-status-list/get-status-list.handler';
import { IssueCredentialWhenCertificateIssuedHandler } from '../../reactions/issue-credential-when-certificate-issued.handler';
import { CredentialSigningKey } from '../../signing/credential-signing-key';
import { credentialOfJwt } from '../../signing/vc-jwt';
import { SetCredentialRevocationCommand } from './set-credential-revocation.command';
import { SetCredentialRevocationHandler } from './set-credential-revocation.handler';

const LEARNER = randomUUID();
const ADMIN = randomUUID();
const meta = () => ({ actorId: ADMIN, requestId: randomUUID(), correlationId: randomUUID(), causationId: null });

describe('SetCredentialRevocationHandler (PGlite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-revocation-'));
  const config = parseConfig({ PUBLIC_URL: 'https://campus.example.jp', DATA_DIR: dataDir });
  const signingKey = new CredentialSigningKey(config);
  const course = aCertificationCourseRow('line-ads-basic', 1);
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let revocation: SetCredentialRevocationHandler;
  let statusList: GetStatusListHandler;
  let credentialId: string;
  let statusListIndex: number;

  const set = (revoked: boolean, reason = '確認のため', category?: 'misconduct') => revocation.execute(new SetCredentialRevocationCommand(credentialId, { revoked, reason, category }, meta()));
  const credentialEvents = async () => (await store.db.select({ type: events.type, version: events.version }).from(events).where(eq(events.streamId, credentialId))).sort((a, b) => a.version - b.version);
  const listedBit = async () => {
    const { jwt } = await statusList.execute();
    const { credentialSubject } = credentialOfJwt(jwt) as { credentialSubject: { encodedList: string } };
    const bits = gunzipSync(Buffer.from(credentialSubject.encodedList.slice(1), 'base64url'));
    return (bits[statusListIndex >> 3]! >> (7 - (statusListIndex & 7))) & 1;
  };

  beforeAll(async () => {
    store = await openPgliteStore();
    revocation = new SetCredentialRevocationHandler(store.connection, store.eventStore);
    statusList = new GetStatusListHandler(store.connection, signingKey, config);
    await store.db.insert(courses).values(course);
    await store.db.insert(users).values({ id: LEARNER, subject: 'learner', email: 'learner@example.com' });
    const certificateId = randomUUID();
    const [issued] = await store.eventStore.commit(meta(), async ({ tx, append }) => {
      await tx.insert(certificates).values({ id: certificateId, slug: 'K7QF2M9A00', userId: LEARNER, courseId: course.id!, examSessionId: null, holderName: '山田 太郎', issuedAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000), pdfPath: 'x.pdf' });
      return append({ streamType: 'certificate', streamId: certificateId, expectedVersion: 0 }, [
        new CertificateIssued({ certificateId, slug: 'K7QF2M9A00', userId: LEARNER, courseId: course.id!, courseSlug: 'line-ads-basic', examSessionId: null, issuedAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 86_400_000).toISOString() }),
      ]);
    });
    await new IssueCredentialWhenCertificateIssuedHandler(store.connection, store.eventStore, signingKey, config).handle(issued!);
    [{ id: credentialId, statusListIndex }] = await store.db.select({ id: openBadgeCredentials.id, statusListIndex: openBadgeCredentials.statusListIndex }).from(openBadgeCredentials) as [{ id: string; statusListIndex: number }];
  }, 30_000);
  afterAll(async () => {
    await store.connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('revokes once, however often asked, and sets the credential’s bit in the status list', async () => {
    expect(await listedBit()).toBe(0);
    const first = await set(true, '不正受験が確認されたため', 'misconduct');
    expect(first).toEqual({ credentialId, revoked: true, revokedAt: expect.any(String), category: 'misconduct', reason: '不正受験が確認されたため' });
    expect(await set(true, 'もう一度')).toEqual(first);
    expect(await credentialEvents()).toEqual([
      { type: 'OpenBadgeCredentialIssued', version: 1 },
      { type: 'OpenBadgeCredentialRevoked', version: 2 },
    ]);
    expect(await listedBit()).toBe(1);
    const [revoked] = await store.db.select({ data: events.data }).from(events).where(eq(events.type, 'OpenBadgeCredentialRevoked'));
    expect(revoked!.data).toMatchObject({ category: 'misconduct', reason: '不正受験が確認されたため' });
  });

  it('restores, clearing the bit, with the reason in the event', async () => {
    expect(await set(false, '確認の結果、問題はありませんでした')).toMatchObject({ revoked: false, revokedAt: null, category: null });
    expect((await credentialEvents()).map((event) => event.type)).toEqual(['OpenBadgeCredentialIssued', 'OpenBadgeCredentialRevoked', 'OpenBadgeCredentialRestored']);
    const [restored] = await store.db.select({ data: events.data, meta: events.meta }).from(events).where(eq(events.type, 'OpenBadgeCredentialRestored'));
    expect(restored!.data).toMatchObject({ credentialId, userId: LEARNER, certificateSlug: 'K7QF2M9A00', reason: '確認の結果、問題はありませんでした' });
    expect(restored!.meta).toMatchObject({ actorId: ADMIN });
    expect(await listedBit()).toBe(0);
  });

  it('answers 404 for ids that are no credential', async () => {
    for (const bad of ['not-a-uuid', randomUUID()]) {
      await expect(revocation.execute(new SetCredentialRevocationCommand(bad, { revoked: true, reason: 'x' }, meta()))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
