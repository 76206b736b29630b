import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '../../contracts/mail-kinds.js';

/** How long a mail's link works: long enough for an old reminder, not for ever. */
export const MAIL_LINK_DAYS = 90;

/** An unsubscribe link's claim: this learner no longer wants this kind of mail. */
export interface UnsubscribeClaim {
  userId: string;
  kind: MailKind;
}

/** An address confirmation link's claim: this learner reads mail at this address. */
export interface AddressClaim {
  userId: string;
  address: string;
}

export type TokenCheck<Claim> = { ok: true; claim: Claim } | { ok: false; reason: 'invalid' | 'expired' };

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const signatureOf = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/** `<payload>.<HMAC-SHA256 of it>`, both base64url; `p` says what the link is for, so one never serves as the other. */
function sign(secret: string, purpose: 'unsubscribe' | 'address', fields: Record<string, string>, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + MAIL_LINK_DAYS * 24 * 3600;
  const payload = base64url(JSON.stringify({ p: purpose, ...fields, x: expires }));
  return `${payload}.${base64url(signatureOf(secret, payload))}`;
}

/** The fields of a token this campus signed for `purpose`, checked before anything is read from it. */
function check(secret: string, purpose: 'unsubscribe' | 'address', token: string, now: Date): TokenCheck<Record<string, unknown>> {
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
  const fields = (parsed ?? {}) as Record<string, unknown>;
  if (fields.p !== purpose || typeof fields.x !== 'number') return { ok: false, reason: 'invalid' };
  if (fields.x * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claim: fields };
}

export const signUnsubscribeToken = (secret: string, claim: UnsubscribeClaim, now: Date): string => sign(secret, 'unsubscribe', { u: claim.userId, k: claim.kind }, now);

export function checkUnsubscribeToken(secret: string, token: string, now: Date): TokenCheck<UnsubscribeClaim> {
  const checked = check(secret, 'unsubscribe', token, now);
  if (!checked.ok) return checked;
  const { u, k } = checked.claim;
  if (typeof u !== 'string' || !(MAIL_KINDS as readonly unknown[]).includes(k)) return { ok: false, reason: 'invalid' };
  return { ok: true, claim: { userId: u, kind: k as MailKind } };
}

export const signAddressToken = (secret: string, claim: AddressClaim, now: Date): string => sign(secret, 'address', { u: claim.userId, a: claim.address }, now);

export function checkAddressToken(secret: string, token: string, now: Date): TokenCheck<AddressClaim> {
  const checked = check(secret, 'address', token, now);
  if (!checked.ok) return checked;
  const { u, a } = checked.claim;
  if (typeof u !== 'string' || typeof a !== 'string') return { ok: false, reason: 'invalid' };
  return { ok: true, claim: { userId: u, address: a } };
}
