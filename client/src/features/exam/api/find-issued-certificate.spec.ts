/**
 * @jest-environment node
 */
import { findIssuedCertificate } from './find-issued-certificate';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const certificate = (certificateId: string, issuedAt: string) => ({
  certificateId,
  slug: `SLUG${certificateId}`.slice(0, 10),
  courseSlug: 'line-ads-basic',
  courseLabel: 'LINE広告 Basic',
  program: 'AD',
  level: 'BASIC',
  holderName: '山田 太郎',
  issuedAt,
  expiresAt: '2027-11-27T00:00:00.000Z',
  status: 'available',
  downloadUrl: `/api/v1/certificates/${certificateId}/pdf`,
  verificationUrl: `https://campus.example/certificates/verify/SLUG${certificateId}`,
});

let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock as unknown as typeof fetch);
});

describe('findIssuedCertificate', () => {
  it("asks for the course's certificates only, never from a cache, and takes the one issued at or after the pass", async () => {
    fetchMock.mockResolvedValue(json({ items: [certificate('2', '2026-11-27T10:00:05.000Z'), certificate('1', '2025-11-01T09:00:00.000Z')] }));
    await expect(findIssuedCertificate('line-ads-basic', '2026-11-27T10:00:00.000Z')).resolves.toEqual({
      certificateId: '2',
      slug: 'SLUG2',
      courseSlug: 'line-ads-basic',
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/certificates/?courseSlug=line-ads-basic');
    expect(init.cache).toBe('no-store');
  });

  it('is null while only an earlier certificate of the course exists (a renewal not yet issued)', async () => {
    fetchMock.mockResolvedValue(json({ items: [certificate('1', '2025-11-01T09:00:00.000Z')] }));
    await expect(findIssuedCertificate('line-ads-basic', '2026-11-27T10:00:00.000Z')).resolves.toBeNull();
  });

  it('asks for a certification course the studio added like for the pack\'s eight', async () => {
    fetchMock.mockResolvedValue(json({ items: [{ ...certificate('3', '2026-11-27T10:00:01.000Z'), courseSlug: 'studio-made-exam' }] }));
    await expect(findIssuedCertificate('studio-made-exam', '2026-11-27T10:00:00.000Z')).resolves.toMatchObject({ certificateId: '3', courseSlug: 'studio-made-exam' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/certificates/?courseSlug=studio-made-exam');
  });
});
