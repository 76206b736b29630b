import { type JsonObject, isObject, issuerIdOf, listOf, type PresentedCredential } from './presented-credential.js';

/** What the verifier shows of a credential, as the credential says it (trusted only as far as its signature). */
export interface CredentialFacts {
  issuer: { id: string; name: string | null; url: string | null };
  subjectName: string | null;
  achievementName: string | null;
  validFrom: string | null;
  validUntil: string | null;
}

/** A plain string, a JSON-LD value object, or a list of them by language (Japanese first). */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (isObject(value) && typeof value['@value'] === 'string') return textOf(value['@value']);
  if (Array.isArray(value)) {
    const japanese = value.find((entry) => isObject(entry) && typeof entry['@language'] === 'string' && entry['@language'].startsWith('ja'));
    return textOf(japanese) ?? value.map(textOf).find((text) => text !== null) ?? null;
  }
  return null;
}

const isoOf = (value: unknown): string | null => {
  const time = typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
};

/**
 * The holder's name: the subject's `name`, or an IdentityObject of type `name` given in clear (OB 3.0:
 * `identityHash` is the plain value when `hashed` is false). A hashed identity names nobody.
 */
function subjectNameOf(subject: JsonObject | undefined): string | null {
  if (!subject) return null;
  const named = textOf(subject.name);
  if (named) return named;
  for (const identity of listOf(subject.identifier).filter(isObject)) {
    if (identity.identityType === 'name' && identity.hashed === false) return textOf(identity.identityHash);
  }
  return null;
}

export function factsOf(presented: PresentedCredential): CredentialFacts {
  const { credential } = presented;
  const payload = presented.format === 'jwt' ? presented.payload : undefined;
  const issuer = isObject(credential.issuer) ? credential.issuer : {};
  const subject = listOf(credential.credentialSubject).find(isObject);
  const achievement = subject && isObject(subject.achievement) ? subject.achievement : undefined;
  const issuerId = issuerIdOf(credential) ?? (typeof payload?.iss === 'string' ? payload.iss : '');
  return {
    issuer: { id: issuerId, name: textOf(issuer.name), url: textOf(issuer.url) },
    subjectName: subjectNameOf(subject),
    achievementName: textOf(achievement?.name) ?? textOf(credential.name),
    validFrom: isoOf(credential.validFrom) ?? isoOf(credential.issuanceDate) ?? isoOf(payload?.nbf),
    validUntil: isoOf(credential.validUntil) ?? isoOf(credential.expirationDate) ?? isoOf(payload?.exp),
  };
}

/** The dates alone, now: before validFrom, after validUntil, or within. */
export function datesStatusOf(facts: Pick<CredentialFacts, 'validFrom' | 'validUntil'>, now: Date): 'valid' | 'expired' | 'not-yet-valid' {
  if (facts.validFrom && Date.parse(facts.validFrom) > now.getTime()) return 'not-yet-valid';
  if (facts.validUntil && Date.parse(facts.validUntil) < now.getTime()) return 'expired';
  return 'valid';
}
