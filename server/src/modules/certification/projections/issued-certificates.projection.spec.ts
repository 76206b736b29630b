import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { aCertificationCourseRow } from '../../../testing/catalogue-rows';
import { aLearner, metaOf } from '../../../testing/exam-fixtures';
import { openPgliteStore } from '../../../testing/pglite-store';
import { courses } from '../../catalogue/catalogue.schema';
import { CERTIFICATE_STREAM, CertificateIssued } from '../../certificates/events';
import { badges } from '../certification.schema';
import { IssuedCertificatesProjection } from './issued-certificates.projection';

describe('IssuedCertificatesProjection', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let userId: string;
  let courseId: string;
  const awardedAt = new Date('2026-04-01T03:04:05.678Z');

  beforeEach(async () => {
    store = await openPgliteStore();
    new IssuedCertificatesProjection(store.eventStore).onModuleInit();
    userId = await aLearner(store);
    [{ id: courseId }] = await store.db.insert(courses).values(aCertificationCourseRow('line-ads-basic', 1)).returning({ id: courses.id });
  });
  afterEach(() => store.connection.close());

  const issue = (issuedAt: Date) => {
    const certificateId = randomUUID();
    return store.eventStore
      .commit(metaOf(userId), ({ append }) =>
        append({ streamType: CERTIFICATE_STREAM, streamId: certificateId, expectedVersion: 0 }, [
          new CertificateIssued({
            certificateId,
            slug: 'abc',
            userId,
            courseId,
            courseSlug: 'line-ads-basic',
            examSessionId: null,
            issuedAt: issuedAt.toISOString(),
            expiresAt: '2027-04-01T00:00:00.000Z',
          }),
        ]),
      )
      .then(() => certificateId);
  };
  const badge = async () => (await store.db.select().from(badges).where(eq(badges.userId, userId)))[0]!;

  it('marks the badge of the award the certificate was issued for', async () => {
    await store.db.insert(badges).values({ userId, courseId, awardedAt, expiresAt: new Date('2027-04-01T00:00:00.000Z') });
    const certificateId = await issue(awardedAt);
    expect((await badge()).certificateId).toBe(certificateId);
  });

  it('leaves a badge a later award replaced waiting for its own certificate', async () => {
    await store.db.insert(badges).values({ userId, courseId, awardedAt, expiresAt: new Date('2027-04-01T00:00:00.000Z') });
    await issue(new Date(awardedAt.getTime() - 86_400_000));
    expect((await badge()).certificateId).toBeNull();
  });
});
