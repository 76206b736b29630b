import { linkedInAddToProfileUrl } from './linkedin-add-to-profile';

describe('linkedInAddToProfileUrl', () => {
  it('fills every field of the certification form, the months counted in Japan', () => {
    const url = new URL(
      linkedInAddToProfileUrl({
        name: 'LINE広告 Basic 認定バッジ',
        organizationName: 'マーケティング学習キャンパス',
        // 2026-03-31T16:00Z is already April 1st in Japan.
        issuedAt: '2026-03-31T16:00:00.000Z',
        expiresAt: '2027-03-31T16:00:00.000Z',
        certId: 'K7QF2M9A',
        certUrl: 'https://campus.test/certificates/verify/K7QF2M9A?x=1&y=2',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'LINE広告 Basic 認定バッジ',
      organizationName: 'マーケティング学習キャンパス',
      issueYear: '2026',
      issueMonth: '4',
      expirationYear: '2027',
      expirationMonth: '4',
      certId: 'K7QF2M9A',
      certUrl: 'https://campus.test/certificates/verify/K7QF2M9A?x=1&y=2',
    });
  });

  it('names the campus’s LinkedIn company page when one is configured', () => {
    const base = { name: 'LINE広告 Basic 認定バッジ', organizationName: 'キャンパス', issuedAt: '2026-04-10T03:00:00.000Z', expiresAt: '2027-04-10T03:00:00.000Z', certId: 'K7QF2M9A', certUrl: 'https://campus.test/certificates/verify/K7QF2M9A' };
    expect(new URL(linkedInAddToProfileUrl({ ...base, organizationId: '1337' })).searchParams.get('organizationId')).toBe('1337');
    expect(new URL(linkedInAddToProfileUrl({ ...base, organizationId: null })).searchParams.has('organizationId')).toBe(false);
  });
});
