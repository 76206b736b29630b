import { compactVerify, errors as joseErrors, importJWK, type JWK } from 'jose';
import { verifyDataIntegrity } from '../../signing/data-integrity-proof.js';
import { type DidDocument, isKnownContext } from '../../signing/json-ld-document-loader.js';
import { ed25519JwkOfMultibase, type ResolveIssuerDid } from './issuer-did-resolver.js';
import { type JsonObject, isObject, issuerIdOf, JWT_ALGORITHMS, listOf, type PresentedCredential } from './presented-credential.js';

/** Whether the signature holds and, when not, why (Japanese). */
export interface SignatureCheck {
  valid: boolean;
  reasons: string[];
}

const SUPPORTED_PROOF = 'DataIntegrityProof（eddsa-rdfc-2022）';
const OFFLINE_DOCUMENTS = '同梱のJSON-LDコンテキスト（VC 2.0、Open Badges 3.0 など）と発行者のDID文書のみ読み込みます';
const TAMPERED = '署名が内容と一致しません。認定証が書き換えられているか、別の鍵で署名されています';

const invalid = (...reasons: string[]): SignatureCheck => ({ valid: false, reasons });
const didOf = (url: string): string => url.split('#')[0]!;

const timeOf = (value: unknown): number | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const time = typeof value === 'number' ? value * 1000 : Date.parse(value);
  return Number.isFinite(time) ? time : null;
};

/**
 * A moment inside the credential's validity window: the signature is checked as of then, so an expired
 * credential's signature still holds (its dates are judged apart, as its status).
 */
export function momentWithin(credential: JsonObject, now: Date, payload?: JsonObject): Date {
  const from = timeOf(credential.validFrom) ?? timeOf(credential.issuanceDate) ?? timeOf(payload?.nbf);
  const until = timeOf(credential.validUntil) ?? timeOf(credential.expirationDate) ?? timeOf(payload?.exp);
  let moment = now.getTime();
  if (until !== null && moment > until) moment = until;
  if (from !== null && moment < from) moment = from;
  return new Date(moment);
}

/** Checks a credential's signature with the keys its issuer's DID document publishes. */
export async function checkSignature(presented: PresentedCredential, resolveDid: ResolveIssuerDid, now: Date): Promise<SignatureCheck> {
  return presented.format === 'jwt' ? checkJwt(presented, resolveDid) : checkDataIntegrity(presented.credential, resolveDid, now);
}

/** Resolves every DID named, gathering the documents (for the offline document loader) or the reasons none was found. */
async function resolveAll(dids: string[], resolveDid: ResolveIssuerDid): Promise<{ documents: Map<string, DidDocument>; reasons: string[] }> {
  const documents = new Map<string, DidDocument>();
  const reasons: string[] = [];
  for (const did of new Set(dids)) {
    const resolution = await resolveDid(did);
    if ('document' in resolution) documents.set(did, resolution.document);
    else reasons.push(resolution.reason);
  }
  return { documents, reasons };
}

async function checkDataIntegrity(credential: JsonObject, resolveDid: ResolveIssuerDid, now: Date): Promise<SignatureCheck> {
  const issuer = issuerIdOf(credential)!;
  if (!issuer.startsWith('did:')) return invalid(`発行者がDIDではないため、鍵を確認できません（${issuer.slice(0, 200)}）`);
  const proofs = listOf(credential.proof).filter(isObject);
  const supported = proofs.filter((proof) => proof.type === 'DataIntegrityProof' && proof.cryptosuite === 'eddsa-rdfc-2022');
  if (supported.length === 0) {
    const named = proofs.map((proof) => [proof.type, proof.cryptosuite].filter((part) => typeof part === 'string').join(' / ')).filter(Boolean);
    return invalid(`対応していない証明方式です（${named.join('、') || '種類なし'}）。${SUPPORTED_PROOF} の署名のみ確認できます`);
  }
  // Said up front with its URL: the loader's refusal reaches us wrapped in jsonld's generic message.
  const unknownContexts = listOf(credential['@context']).filter((context): context is string => typeof context === 'string' && !isKnownContext(context));
  if (unknownContexts.length > 0) return invalid(`読み込めないJSON-LDコンテキストを参照しています（${unknownContexts.join('、').slice(0, 300)}）。${OFFLINE_DOCUMENTS}`);
  const methods = supported.map((proof) => (isObject(proof.verificationMethod) ? proof.verificationMethod.id : proof.verificationMethod));
  if (methods.some((method) => typeof method !== 'string' || !method.startsWith('did:'))) return invalid('証明（proof）の verificationMethod がDIDの鍵ではありません');
  const { documents, reasons } = await resolveAll([issuer, ...(methods as string[]).map(didOf)], resolveDid);
  if (reasons.length > 0) return invalid(...reasons);
  if ((methods as string[]).some((method) => didOf(method) !== issuer)) return invalid('証明（proof）の鍵が発行者のものではありません');
  try {
    const { verified, errors } = await verifyDataIntegrity(credential, async (did) => documents.get(did) ?? null, momentWithin(credential, now));
    return verified ? { valid: true, reasons: [] } : invalid(...japaneseReasonsOf(errors));
  } catch (error) {
    // The library throws for input it cannot read at all (a malformed date, an odd @context).
    return invalid(...japaneseReasonsOf([error instanceof Error ? error.message : String(error)]));
  }
}

/** The libraries' English reasons, said in Japanese (the original kept in brackets where it helps). */
export function japaneseReasonsOf(errors: string[]): string[] {
  // "Verification error(s)." only wraps the others.
  const specific = errors.filter((message) => !/^verification error\(s\)\.?$/i.test(message.trim()));
  const reasons = specific.map((message): string => {
    if (/invalid signature/i.test(message)) return TAMPERED;
    const offline = /document not available offline: (\S+)/.exec(message);
    if (offline) return `読み込めない文書を参照しています（${offline[1]}）。${OFFLINE_DOCUMENTS}`;
    if (/dereferencing a url|loading (remote )?(context|document) failed/i.test(message)) return `読み込めない文書を参照しています。${OFFLINE_DOCUMENTS}`;
    if (/safe mode|not defined in the active context|undefined term|relative/i.test(message)) return `@context で定義されていない項目があるため、署名を確認できません（${message.slice(0, 200)}）`;
    if (/controller|not authorized|assertionMethod/i.test(message)) return '署名の鍵が、発行者の認定証の発行に使える鍵（assertionMethod）として公開されていません';
    if (/issuer/i.test(message)) return `発行者の記載に問題があるため、署名を確認できません（${message.slice(0, 200)}）`;
    if (/date|validFrom|validUntil|issuanceDate|expirationDate/i.test(message)) return `日付の記載に問題があります（${message.slice(0, 200)}）`;
    return `署名を確認できませんでした（${message.slice(0, 200)}）`;
  });
  const unique = [...new Set(reasons)];
  return unique.length > 0 ? unique : ['署名を確認できませんでした'];
}

/** The methods of a DID document that may sign credentials, by their absolute ids. */
function assertionMethodsOf(document: DidDocument): Map<string, NonNullable<DidDocument['verificationMethod']>[number]> {
  const absolute = (id: string) => (id.startsWith('#') ? `${document.id}${id}` : id);
  const methods = new Map((document.verificationMethod ?? []).map((method) => [absolute(method.id), method] as const));
  const allowed = new Map<string, NonNullable<DidDocument['verificationMethod']>[number]>();
  for (const entry of listOf(document.assertionMethod)) {
    if (typeof entry === 'string' && methods.has(absolute(entry))) allowed.set(absolute(entry), methods.get(absolute(entry))!);
    if (isObject(entry) && typeof entry.id === 'string') allowed.set(absolute(entry.id), entry as unknown as NonNullable<DidDocument['verificationMethod']>[number]);
  }
  return allowed;
}

function jwkOf(method: NonNullable<DidDocument['verificationMethod']>[number] & { publicKeyBase58?: string }): JWK | null {
  const jwk = method.publicKeyJwk as JWK | undefined;
  if (jwk) return jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.x === 'string' ? { kty: 'OKP', crv: 'Ed25519', x: jwk.x } : null;
  if (typeof method.publicKeyMultibase === 'string') return ed25519JwkOfMultibase(method.publicKeyMultibase);
  return null;
}

async function checkJwt(presented: Extract<PresentedCredential, { format: 'jwt' }>, resolveDid: ResolveIssuerDid): Promise<SignatureCheck> {
  const { header, payload, credential, jwt } = presented;
  const credentialIssuer = issuerIdOf(credential);
  const issuer = typeof payload.iss === 'string' ? payload.iss : credentialIssuer!;
  const reasons: string[] = [];
  if (credentialIssuer && credentialIssuer !== issuer) reasons.push('JWTの iss と認定証の発行者（issuer）が一致しません');
  if (!issuer.startsWith('did:')) return invalid(...reasons, `発行者がDIDではないため、鍵を確認できません（${issuer.slice(0, 200)}）`);
  const kid = typeof header.kid === 'string' ? (header.kid.startsWith('#') ? `${issuer}${header.kid}` : header.kid) : null;
  if (kid && didOf(kid) !== issuer) return invalid(...reasons, '署名の鍵（kid）が発行者のものではありません');
  const resolution = await resolveDid(issuer);
  if (!('document' in resolution)) return invalid(...reasons, resolution.reason);
  const allowed = assertionMethodsOf(resolution.document);
  const candidates = kid ? [allowed.get(kid)].filter((method) => method !== undefined) : [...allowed.values()];
  if (candidates.length === 0) {
    const listed = kid && (resolution.document.verificationMethod ?? []).some((method) => method.id === kid);
    return invalid(...reasons, listed ? '署名の鍵が、発行者の認定証の発行に使える鍵（assertionMethod）として公開されていません' : '発行者のDID文書に、署名の鍵（kid）がありません');
  }
  const keys = candidates.map(jwkOf).filter((jwk) => jwk !== null);
  if (keys.length === 0) return invalid(...reasons, '署名の鍵の形式に対応していません（Ed25519 の鍵のみ確認できます）');
  for (const jwk of keys) {
    try {
      await compactVerify(jwt, await importJWK(jwk, 'EdDSA'), { algorithms: JWT_ALGORITHMS });
      return { valid: reasons.length === 0, reasons };
    } catch (error) {
      if (!(error instanceof joseErrors.JWSSignatureVerificationFailed)) return invalid(...reasons, `署名を確認できませんでした（${error instanceof Error ? error.message.slice(0, 200) : ''}）`);
    }
  }
  return invalid(...reasons, TAMPERED);
}
