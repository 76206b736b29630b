import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { parseConfig } from '../../../config/config';
import type { StoredEvent } from '../../../database/event-store';
import { certificates } from '../../certificates/certificates.schema';
import { courses } from '../../catalogue/catalogue.schema';
import { events } from '../../../database/events.schema';
import { users } from '../../identity/identity.schema';
import { aCertificationCourseRow } from '../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../testing/pglite-store';
import { CertificateIssued } from '../../certificates/events';
import { openBadgeCredentials } from '../credentials.schema';
import { identityHashOf } from '../open-badge-credential';
import { OutstandingCredentialsFinder } from '../reconciliation/outstanding-credentials.finder';
import { CredentialSigningKey } from '../signing/credential-signing-key';
import { credentialOfJwt } from '../signing/vc-jwt';
import { IssueCredentialWhenCertificateIssuedHandler } from './issue-credential-when-certificate-issued.handler';

const LEARNER = randomUUID();
const meta = { actorId: null, requestId: null, correlationId: randomUUID(), causationId: null };

describe('IssueCredentialWhenCertificateIssuedHandler (PGlite, the real migrations)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-credentials-'));
  const config = parseConfig({ PUBLIC_URL: 'https://campus.example.jp', DATA_DIR: dataDir });
  const signingKey = new CredentialSigningKey(config);
  const course = aCertificationCourseRow('line-ads-basic', 1, { summary: 'LINE広告の基礎', exam: { questionCount: 20, minutes: 30, passPercent: 80, retakeWaitHours: 24, topics: {} } });
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: IssueCredentialWhenCertificateIssuedHandler;
  let finder: OutstandingCredentialsFinder;

  /** A certificate as the certificates module leaves it: its row and its CertificateIssued, relayed or not. */
  async function aCertificate(relayed: boolean): Promise<StoredEvent> {
    const certificateId = randomUUID();
    const issuedAt = new Date('2026-04-01T03:00:00.000Z');
    const expiresAt = new Date('2027-04-01T03:00:00.000Z');
    const slug = certificateId.slice(0, 10).toUpperCase();
    const [stored] = await store.eventStore.commit(meta, async ({ tx, append }) => {
      await tx.insert(certificates).values({ id: certificateId, slug, userId: LEARNER, courseId: course.id!, examSessionId: null, holderName: '山田 太郎', issuedAt, expiresAt, pdfPath: 'x.pdf' });
      return append({ streamType: 'certificate', streamId: certificateId, expectedVersion: 0 }, [
        new CertificateIssued({ certificateId, slug, userId: LEARNER, courseId: course.id!, courseSlug: 'line-ads-basic', examSessionId: null, issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString() }),
      ]);
    });
    if (relayed) await store.db.update(events).set({ relayedAt: new Date() }).where(eq(events.id, stored!.id));
    return stored!;
  }

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new IssueCredentialWhenCertificateIssuedHandler(store.connection, store.eventStore, signingKey, config);
    finder = new OutstandingCredentialsFinder(store.connection);
    await store.db.insert(courses).values(course);
    await store.db.insert(users).values({ id: LEARNER, subject: 'learner', email: 'Profile@Example.com', verifiedEmail: 'learner@example.com' });
  }, 30_000);
  afterAll(async () => {
    await store.connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs one credential per certificate, however often the job runs, and records it in the credential stream', async () => {
    const issued = await aCertificate(true);
    await Promise.all([handler.handle(issued), handler.handle(issued)]);
    await handler.handle(issued);
    const rows = await store.db.select().from(openBadgeCredentials);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ userId: LEARNER, courseId: course.id, validFrom: new Date('2026-04-01T03:00:00.000Z'), validUntil: new Date('2027-04-01T03:00:00.000Z') });
    const appended = await store.db.select({ type: events.type, streamType: events.streamType, data: events.data, meta: events.meta }).from(events).where(eq(events.streamId, row!.id));
    expect(appended).toEqual([
      {
        type: 'OpenBadgeCredentialIssued',
        streamType: 'credential',
        data: expect.objectContaining({ credentialId: row!.id, certificateId: (issued.data as { certificateId: string }).certificateId, userId: LEARNER }),
        meta: expect.objectContaining({ causationId: issued.id }),
      },
    ]);

    const { payload } = await jwtVerify(row!.jwt, createLocalJWKSet(await signingKey.jwks()), { issuer: 'did:web:campus.example.jp', currentDate: new Date('2026-06-01T00:00:00Z') });
    const credential = credentialOfJwt(row!.jwt);
    expect(payload).toMatchObject(credential);
    expect(credential).toMatchObject({
      id: `https://campus.example.jp/api/v1/credentials/${row!.id}`,
      credentialSubject: { achievement: { name: 'LINE広告 Basic', description: 'LINE広告の基礎' } },
    });
    // The verified address, not the profile's.
    const [identity] = (credential as { credentialSubject: { identifier: { identityHash: string; salt: string }[] } }).credentialSubject.identifier;
    expect(identity!.identityHash).toBe(identityHashOf('learner@example.com', identity!.salt));
    // The other form is the same credential, with its Data Integrity proof by the same key.
    const { proof, ...proven } = row!.dataIntegrity as { proof: Record<string, unknown> };
    expect(proven).toEqual(credential);
    expect(proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod', verificationMethod: (await signingKey.issuerKey()).multikey.id });
  });

  it('leaves the reconciler owing credentials only for relayed certificates that have none', async () => {
    expect(await finder.findOutstanding(10)).toEqual([]);
    const waiting = await aCertificate(false);
    expect(await finder.findOutstanding(10)).toEqual([]);
    await store.db.update(events).set({ relayedAt: new Date() }).where(eq(events.id, waiting.id));
    const owed = await finder.findOutstanding(10);
    expect(owed.map(({ job, event }) => [job, event.id])).toEqual([['issue-credential-when-certificate-issued', waiting.id]]);
    await handler.handle(owed[0]!.event);
    expect(await finder.findOutstanding(10)).toEqual([]);
    expect(await store.db.select({ id: openBadgeCredentials.id }).from(openBadgeCredentials)).toHaveLength(2);
  });
});
