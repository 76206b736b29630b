import type { Certificate, CertificateVerification } from '@campus/contracts/certificates';
import { isApiError } from '../../../lib/api-client';
import { throwIfServedNotFound } from '../../../lib/served-not-found';
import { isSessionError } from '../../../lib/session-errors';
import { learnerDataAllowed } from '../../../lib/session/known-session';
import { getCertificate } from '../api/get-certificate';
import { getCertificateVerification } from '../api/get-certificate-verification';
import { getCertificates } from '../api/get-certificates';
import { getPublicCredentialLink } from '../api/get-public-credential-link';
import type { CredentialState } from '../machines/credential-link.machine';

/**
 * The loader ran before the session allowed the page (loaders run alongside the session check):
 * the route's login or agreement guard speaks, and the page loads its data again once allowed.
 */
export type NeedsSession = { status: 'needsSession' };

export type CertificateListData = { status: 'ready'; certificates: Certificate[] } | NeedsSession;
export type CertificateData = { status: 'ready'; certificate: Certificate } | NeedsSession;
export type CertificateVerificationData =
  | { status: 'found'; certificate: CertificateVerification; credential: CredentialState }
  | { status: 'notFound'; slug: string };

async function unlessSessionMissing<T>(load: () => Promise<T>): Promise<{ status: 'ready'; value: T } | NeedsSession> {
  // A known visitor, or agreements pending: the guard speaks, and nothing is asked that would answer 401.
  if (!(await learnerDataAllowed())) return { status: 'needsSession' };
  try {
    return { status: 'ready', value: await load() };
  } catch (error) {
    // Any other failure (404 included) is the page's error: RouteErrorPage, spec §8 page level.
    if (isSessionError(error)) return { status: 'needsSession' };
    throw error;
  }
}

/** Newest first, whatever order the server sends: the latest pass is the one a learner looks for. */
const byIssuedAtDescending = (a: Certificate, b: Certificate) => Date.parse(b.issuedAt) - Date.parse(a.issuedAt);

/** `/mypage/certificates`: every certificate of the learner, expired ones included. */
export async function loadCertificateList(request: Request): Promise<CertificateListData> {
  const result = await unlessSessionMissing(() => getCertificates({ signal: request.signal, skipStatuses: 'all' }));
  if (result.status !== 'ready') return result;
  return { status: 'ready', certificates: [...result.value.items].sort(byIssuedAtDescending) };
}

/**
 * `/mypage/certificates/{certificateSlug}`: one certificate; not the learner's or unknown → the API's
 * 404, or at once when the server answered this page 404 already (it does so for a logged-in learner only).
 */
export async function loadCertificate(slug: string, request: Request): Promise<CertificateData> {
  throwIfServedNotFound(request);
  const result = await unlessSessionMissing(() => getCertificate(slug, { signal: request.signal, skipStatuses: 'all' }));
  return result.status === 'ready' ? { status: 'ready', certificate: result.value } : result;
}

/**
 * The certificate's credential by its canonical slug: whether it was revoked is part of the verdict. A
 * credential not there (yet) or not readable leaves the certificate's own answer standing.
 */
async function credentialOf(slug: string, request: Request): Promise<CredentialState> {
  try {
    return { status: 'ready', link: await getPublicCredentialLink(slug, { signal: request.signal, skipStatuses: 'all' }) };
  } catch (error) {
    if (request.signal.aborted) throw error;
    return isApiError(error) && error.status === 404 ? { status: 'notIssued' } : { status: 'failed' };
  }
}

/**
 * `/certificates/verify/{certificateSlug}` (public): an unknown certificate is an answer of this
 * page — "not found" is exactly what a verifier needs to read — not the generic 404 page.
 */
export async function loadCertificateVerification(slug: string, request: Request): Promise<CertificateVerificationData> {
  // Asked together, by the address's slug; a certificate found under another spelling of its slug
  // (hyphens, lower case) asks its credential again by the canonical one.
  const credential = credentialOf(slug, request);
  credential.catch(() => undefined); // awaited below, or not needed (certificate not found, or aborted)
  try {
    const certificate = await getCertificateVerification(slug, { signal: request.signal, skipStatuses: 'all' });
    return { status: 'found', certificate, credential: await (certificate.slug === slug ? credential : credentialOf(certificate.slug, request)) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { status: 'notFound', slug };
    throw error;
  }
}
