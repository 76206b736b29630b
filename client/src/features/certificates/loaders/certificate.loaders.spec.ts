import { aCertificate, aCertificateVerification, aCredentialLink } from '../../../test/certificate-fixtures';
import { ApiError, setApiErrorHandler } from '../../../lib/api-client';
import { isNotFoundResponse, thrown } from '../../../test/loader-errors';
import { pretendServed } from '../../../test/served-document';
import { loadCertificate, loadCertificateList, loadCertificateVerification } from './certificate.loaders';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const apiError = (status: number, code: string) => json({ message: 'エラー', status, code }, status);

describe('certificate loaders', () => {
  let fetchMock: jest.SpyInstance;
  const requested = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), cache: (init as RequestInit).cache }));
  const request = (path: string) => new Request(`http://campus.test${path}`);

  beforeEach(() => {
    fetchMock = jest.spyOn(globalThis, 'fetch');
  });

  it('lists the learner’s certificates newest first, never from the HTTP cache', async () => {
    const older = aCertificate({ slug: 'OLD', issuedAt: '2025-01-05T00:00:00.000Z', status: 'expired' });
    const newer = aCertificate({ slug: 'NEW', issuedAt: '2026-04-10T03:00:00.000Z' });
    fetchMock.mockResolvedValue(json({ items: [older, newer] }));

    const data = await loadCertificateList(request('/mypage/certificates'));

    expect(requested()).toEqual([{ url: '/api/v1/certificates/', cache: 'no-store' }]);
    expect(data).toEqual({ status: 'ready', certificates: [newer, older] });
  });

  it('asks for one certificate by the slug in the address', async () => {
    const certificate = aCertificate({ slug: 'AB 12' });
    fetchMock.mockResolvedValue(json(certificate));

    await expect(loadCertificate('AB 12', request('/mypage/certificates/AB%2012'))).resolves.toEqual({ status: 'ready', certificate });
    expect(requested()[0]!.url).toBe('/api/v1/certificates/AB%2012');
  });

  it('leaves a missing login or agreement to the route guard', async () => {
    fetchMock.mockResolvedValueOnce(apiError(401, 'LOGIN_REQUIRED'));
    await expect(loadCertificateList(request('/mypage/certificates'))).resolves.toEqual({ status: 'needsSession' });

    fetchMock.mockResolvedValueOnce(apiError(400, 'AGREEMENT_REQUIRED'));
    await expect(loadCertificate('K7QF2M9A', request('/mypage/certificates/K7QF2M9A'))).resolves.toEqual({ status: 'needsSession' });
  });

  it('lets another learner’s or an unknown certificate reach the 404 page, without a popup of its own', async () => {
    const defaultHandling = jest.fn();
    const restore = setApiErrorHandler(defaultHandling);
    fetchMock.mockResolvedValueOnce(apiError(404, 'NOT_FOUND'));

    const failure = loadCertificate('SOMEONE', request('/mypage/certificates/SOMEONE'));

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404 });
    expect(defaultHandling).not.toHaveBeenCalled();
    restore();
  });

  it('shows the 404 page at once, asking nothing, when the server answered this very page 404', async () => {
    const undo = pretendServed('/mypage/certificates/no-such-certificate', 404);
    try {
      expect(isNotFoundResponse(await thrown(loadCertificate('no-such-certificate', request('/mypage/certificates/no-such-certificate'))))).toBe(true);
      expect(fetchMock).not.toHaveBeenCalled();
      // Another certificate, reached in the app afterwards, is asked for.
      fetchMock.mockResolvedValue(json(aCertificate({ slug: 'K7QF2M9A00' })));
      await expect(loadCertificate('K7QF2M9A00', request('/mypage/certificates/K7QF2M9A00'))).resolves.toMatchObject({ status: 'ready' });
    } finally {
      undo();
    }
  });

  /** The API by address: the verification page asks the certificate and its credential together. */
  const answerBy = (answers: Record<string, () => Response>) =>
    fetchMock.mockImplementation(async (url: string) => {
      const answer = answers[String(url)];
      if (!answer) throw new Error(`unexpected request ${String(url)}`);
      return answer();
    });

  it('verifies a certificate publicly, asking its credential at the same time, by the canonical slug when the address spells it otherwise', async () => {
    const verification = aCertificateVerification({ slug: 'K7QF2M9A00', status: 'expired' });
    answerBy({
      '/api/v1/certificate-verifications/k7qf-2m9a00': () => json(verification),
      '/api/v1/certificate-verifications/k7qf-2m9a00/credential': () => apiError(404, 'NOT_FOUND'),
      '/api/v1/certificate-verifications/K7QF2M9A00/credential': () => json(aCredentialLink({ status: 'revoked' })),
    });

    await expect(loadCertificateVerification('k7qf-2m9a00', request('/certificates/verify/k7qf-2m9a00'))).resolves.toEqual({
      status: 'found',
      certificate: verification,
      credential: { status: 'ready', link: aCredentialLink({ status: 'revoked' }) },
    });
    expect(requested()).toEqual([
      { url: '/api/v1/certificate-verifications/k7qf-2m9a00/credential', cache: 'no-store' },
      { url: '/api/v1/certificate-verifications/k7qf-2m9a00', cache: 'no-store' },
      { url: '/api/v1/certificate-verifications/K7QF2M9A00/credential', cache: 'no-store' },
    ]);
  });

  it('asks the two at once when the address has the canonical slug: no request waits for the other', async () => {
    let answerCertificate = () => {};
    const certificateAnswered = new Promise<void>((resolve) => (answerCertificate = resolve));
    answerBy({
      '/api/v1/certificate-verifications/K7QF2M9A00': () => json(aCertificateVerification({ slug: 'K7QF2M9A00' })),
      '/api/v1/certificate-verifications/K7QF2M9A00/credential': () => json(aCredentialLink()),
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string) => (String(url).endsWith('/credential') ? original(url) : certificateAnswered.then(() => original(url))));

    const loaded = loadCertificateVerification('K7QF2M9A00', request('/certificates/verify/K7QF2M9A00'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The certificate has not answered yet, and its credential is already asked.
    expect(requested().map((call) => call.url)).toEqual(['/api/v1/certificate-verifications/K7QF2M9A00/credential', '/api/v1/certificate-verifications/K7QF2M9A00']);
    answerCertificate();
    await expect(loaded).resolves.toMatchObject({ status: 'found', credential: { status: 'ready' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the certificate’s answer when its credential is not there yet or cannot be read', async () => {
    answerBy({ '/api/v1/certificate-verifications/K7QF2M9A': () => json(aCertificateVerification({ slug: 'K7QF2M9A' })), '/api/v1/certificate-verifications/K7QF2M9A/credential': () => apiError(404, 'NOT_FOUND') });
    await expect(loadCertificateVerification('K7QF2M9A', request('/certificates/verify/K7QF2M9A'))).resolves.toMatchObject({ status: 'found', credential: { status: 'notIssued' } });
    answerBy({ '/api/v1/certificate-verifications/K7QF2M9A': () => json(aCertificateVerification({ slug: 'K7QF2M9A' })), '/api/v1/certificate-verifications/K7QF2M9A/credential': () => apiError(503, 'SERVICE_UNAVAILABLE') });
    await expect(loadCertificateVerification('K7QF2M9A', request('/certificates/verify/K7QF2M9A'))).resolves.toMatchObject({ status: 'found', credential: { status: 'failed' } });
  });

  it('answers an unknown certificate on the verification page itself, and fails the page on any other error', async () => {
    answerBy({ '/api/v1/certificate-verifications/NOPE': () => apiError(404, 'NOT_FOUND'), '/api/v1/certificate-verifications/NOPE/credential': () => apiError(404, 'NOT_FOUND') });
    await expect(loadCertificateVerification('NOPE', request('/certificates/verify/NOPE'))).resolves.toEqual({
      status: 'notFound',
      slug: 'NOPE',
    });

    answerBy({ '/api/v1/certificate-verifications/K7QF2M9A': () => apiError(500, 'INTERNAL_ERROR'), '/api/v1/certificate-verifications/K7QF2M9A/credential': () => apiError(500, 'INTERNAL_ERROR') });
    await expect(loadCertificateVerification('K7QF2M9A', request('/certificates/verify/K7QF2M9A'))).rejects.toMatchObject({
      status: 500,
    });
  });
});
