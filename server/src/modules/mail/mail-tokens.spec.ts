import { checkAddressToken, checkUnsubscribeToken, MAIL_LINK_DAYS, signAddressToken, signUnsubscribeToken } from './mail-tokens';

const SECRET = 'x'.repeat(40);
const NOW = new Date('2026-11-29T00:00:00Z');
const CLAIM = { userId: '0b6f3c1e-1111-4222-8333-444455556666', kind: 'expiry' as const };

describe('mail link tokens', () => {
  it('gives back the learner and the kind it was signed for, until it expires', () => {
    const token = signUnsubscribeToken(SECRET, CLAIM, NOW);
    expect(checkUnsubscribeToken(SECRET, token, NOW)).toEqual({ ok: true, claim: CLAIM });
    const lastDay = new Date(NOW.getTime() + (MAIL_LINK_DAYS * 24 - 1) * 3600 * 1000);
    expect(checkUnsubscribeToken(SECRET, token, lastDay)).toMatchObject({ ok: true });
    const after = new Date(NOW.getTime() + MAIL_LINK_DAYS * 24 * 3600 * 1000);
    expect(checkUnsubscribeToken(SECRET, token, after)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token another secret signed, a changed payload, a cut signature and anything else', () => {
    const token = signUnsubscribeToken(SECRET, CLAIM, NOW);
    const [payload, signature] = token.split('.') as [string, string];
    const otherKind = Buffer.from(JSON.stringify({ p: 'unsubscribe', u: CLAIM.userId, k: 'certificate', x: 4_102_444_800 })).toString('base64url');
    for (const bad of [signUnsubscribeToken('y'.repeat(40), CLAIM, NOW), `${otherKind}.${signature}`, `${payload}.${signature.slice(0, 10)}`, payload, `${token}.extra`, '', '..']) {
      expect(checkUnsubscribeToken(SECRET, bad, NOW)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a well-signed payload that names no kind of mail', () => {
    const payload = Buffer.from(JSON.stringify({ p: 'unsubscribe', u: CLAIM.userId, k: 'everything', x: 4_102_444_800 })).toString('base64url');
    const { createHmac } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const signature = createHmac('sha256', SECRET).update(payload).digest('base64url');
    expect(checkUnsubscribeToken(SECRET, `${payload}.${signature}`, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps an address confirmation and an unsubscribe link apart: neither serves as the other', () => {
    const address = signAddressToken(SECRET, { userId: CLAIM.userId, address: 'new@example.com' }, NOW);
    expect(checkAddressToken(SECRET, address, NOW)).toEqual({ ok: true, claim: { userId: CLAIM.userId, address: 'new@example.com' } });
    expect(checkUnsubscribeToken(SECRET, address, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkAddressToken(SECRET, signUnsubscribeToken(SECRET, CLAIM, NOW), NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
