import type { CertificateIssuedPush } from '@campus/contracts/realtime';
import { listCertificates } from '@campus/contracts/routes/certificates';
import { callApi } from '../../../lib/call-api';

/**
 * The certificate a pass of `courseSlug` that ended at `finishedAt` was given, once the worker has issued
 * it (its issue date is the grading's, so not before the end); null until then. What the
 * `certificate.issued` push says, asked over HTTP when that push may have been missed.
 */
export async function findIssuedCertificate(courseSlug: string, finishedAt: string): Promise<CertificateIssuedPush | null> {
  // Asked every few seconds while waiting: only the course's certificates, not the learner's whole list.
  const { items } = await callApi(listCertificates, { query: { courseSlug } }, { noCache: true });
  const issued = items.find((certificate) => Date.parse(certificate.issuedAt) >= Date.parse(finishedAt));
  return issued ? { certificateId: issued.certificateId, slug: issued.slug, courseSlug } : null;
}
