import { CERTIFICATE_SLUG_LENGTH, certificateIdFor, makeCertificateSlug, normaliseCertificateSlug } from './certificate-slug';

describe('certificate slugs', () => {
  it('are 10 characters of Crockford base32, without the letters people misread', () => {
    const slugs = Array.from({ length: 500 }, makeCertificateSlug);
    for (const slug of slugs) expect(slug).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('are read back from what someone typed: case, hyphens and look-alike letters do not matter', () => {
    const slug = makeCertificateSlug();
    expect(normaliseCertificateSlug(slug)).toBe(slug);
    expect(normaliseCertificateSlug(slug.toLowerCase())).toBe(slug);
    expect(normaliseCertificateSlug(`${slug.slice(0, 5)}-${slug.slice(5)}`)).toBe(slug);
    expect(normaliseCertificateSlug('7QK2M9XDoL')).toBe('7QK2M9XD01');
  });

  it('refuses anything that cannot be a slug', () => {
    expect(normaliseCertificateSlug('')).toBeNull();
    expect(normaliseCertificateSlug('A'.repeat(CERTIFICATE_SLUG_LENGTH + 1))).toBeNull();
    expect(normaliseCertificateSlug('7QK2M9XD4U')).toBeNull();
    expect(normaliseCertificateSlug('../../etc!')).toBeNull();
  });
});

describe('certificateIdFor', () => {
  it('gives each exam session one stable UUID (version 5), so a repeated job reuses its PDF path', () => {
    const session = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const id = certificateIdFor(session);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(certificateIdFor(session)).toBe(id);
    expect(certificateIdFor('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c')).not.toBe(id);
  });
});
