import { gunzipSync } from 'node:zlib';
import { AppError } from '../../../../core/errors/app-error.js';
import { checkSignature } from './credential-signature.js';
import type { ResolveIssuerDid } from './issuer-did-resolver.js';
import { FetchRefusedError, type PublicHttpsFetcher } from './public-https-fetcher.js';
import { type JsonObject, isObject, issuerIdOf, listOf, parseCredentialText } from './presented-credential.js';

/** What another issuer's status list says of a credential: revoked, not, nothing to ask, or could not tell (why, in Japanese). */
export type ForeignRevocation = { state: 'revoked' } | { state: 'clear' } | { state: 'none' } | { state: 'unknown'; note: string };

/** A list inflated past this is refused: 16 million entries, far beyond the spec's 131,072 minimum. */
const MAX_LIST_BYTES = 2 * 1024 * 1024;

const unknown = (note: string): ForeignRevocation => ({ state: 'unknown', note });

/**
 * Reads another issuer's Bitstring Status List (revocation) for a credential whose signature held: fetched
 * within the fetcher's limits, its own signature checked, signed by the same issuer, still valid, and the
 * credential's bit read. Anything short of that is "could not tell", never "valid".
 */
export async function foreignRevocationOf(
  credential: JsonObject,
  deps: { fetcher: PublicHttpsFetcher; resolveDid: ResolveIssuerDid },
  now: Date,
): Promise<ForeignRevocation> {
  const entries = listOf(credential.credentialStatus).filter(isObject);
  if (entries.length === 0) return { state: 'none' };
  const entry = entries.find((candidate) => candidate.type === 'BitstringStatusListEntry' && candidate.statusPurpose === 'revocation');
  if (!entry) {
    const types = entries.map((candidate) => `${String(candidate.type)}${candidate.statusPurpose ? ` / ${String(candidate.statusPurpose)}` : ''}`);
    // A suspension list alone says nothing of revocation.
    if (entries.every((candidate) => candidate.type === 'BitstringStatusListEntry')) return { state: 'none' };
    return unknown(`対応していない取り消し状況の形式です（${types.join('、')}）`);
  }
  const index = Number(entry.statusListIndex);
  const listUrl = entry.statusListCredential;
  if (!Number.isSafeInteger(index) || index < 0 || typeof listUrl !== 'string') return unknown('取り消し状況の参照先（statusListCredential / statusListIndex）が正しくありません');
  if (entry.statusSize !== undefined && Number(entry.statusSize) !== 1) return unknown('1ビット以外の取り消し状況には対応していません');

  let body: string;
  try {
    body = (await deps.fetcher.get(listUrl, 'application/vc+ld+json, application/vc+jwt, application/json')).body.toString('utf8');
  } catch (error) {
    return unknown(`取り消し状況（${listUrl}）を取得できませんでした：${error instanceof FetchRefusedError ? error.reason : '接続できませんでした'}`);
  }
  let list;
  try {
    list = parseCredentialText(body, 'statusListCredential');
  } catch (error) {
    return unknown(`取り消し状況（${listUrl}）を読めませんでした${error instanceof AppError ? `：${error.message}` : ''}`);
  }
  if (issuerIdOf(list.credential) !== issuerIdOf(credential) && (list.format !== 'jwt' || list.payload.iss !== issuerIdOf(credential))) {
    return unknown('取り消し状況の発行者が、認定証の発行者と異なります');
  }
  const signature = await checkSignature(list, deps.resolveDid, now);
  if (!signature.valid) return unknown(`取り消し状況の署名を確認できませんでした（${signature.reasons.join('／')}）`);
  const validUntil = Date.parse(String(list.credential.validUntil ?? ''));
  if (Number.isFinite(validUntil) && validUntil < now.getTime()) return unknown('取り消し状況の有効期限が切れています');

  const subject = listOf(list.credential.credentialSubject).find(isObject);
  const encoded = subject?.encodedList;
  if (!subject || subject.statusPurpose !== 'revocation' || typeof encoded !== 'string' || !encoded.startsWith('u')) return unknown('取り消し状況の内容（encodedList）を読めませんでした');
  let bits: Buffer;
  try {
    bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'), { maxOutputLength: MAX_LIST_BYTES });
  } catch {
    return unknown('取り消し状況の内容（encodedList）を読めませんでした');
  }
  if (index >= bits.length * 8) return unknown('取り消し状況の一覧に、この認定証の位置がありません');
  return ((bits[index >> 3]! >> (7 - (index & 7))) & 1) === 1 ? { state: 'revoked' } : { state: 'clear' };
}
