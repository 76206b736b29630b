import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '../../contracts/mail-kinds.js';

/** How long a mail's unsubscribe link works: long enough for an old reminder, not for ever. */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;

export interface UnsubscribeClaim {
  userId: string;
  kind: MailKind;
}

export type TokenCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: 'invalid' | 'expired' };

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const signatureOf = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/** `<payload>.<HMAC-SHA256 of it>`, both base64url: the learner, the kind of mail and when the link stops working. */
export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 24 * 3600;
  const payload = base64url(JSON.stringify({ u: claim.userId, k: claim.kind, x: expires }));
  return `${payload}.${base64url(signatureOf(secret, payload))}`;
}

/** The claim of a token this campus signed and that has not expired; a tampered one is `invalid` before anything is read from it. */
export function checkUnsubscribeToken(secret: string, token: string, now: Date): TokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = signatureOf(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { u, k, x } = (parsed ?? {}) as { u?: unknown; k?: unknown; x?: unknown };
  if (typeof u !== 'string' || typeof x !== 'number' || !(MAIL_KINDS as readonly unknown[]).includes(k)) return { ok: false, reason: 'invalid' };
  if (x * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { userId: u, kind: k as MailKind } };
}
