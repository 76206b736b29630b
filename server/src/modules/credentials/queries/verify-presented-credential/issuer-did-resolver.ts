import type { DidDocument } from '../../signing/json-ld-document-loader.js';
import { FetchRefusedError, type PublicHttpsFetcher } from './public-https-fetcher.js';
import { isObject } from './presented-credential.js';

/** A DID's document, or why there is none (Japanese, said to the user). */
export type DidResolution = { document: DidDocument } | { reason: string };

export type ResolveIssuerDid = (did: string) => Promise<DidResolution>;

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** The multicodec header of an Ed25519 public key (0xed, varint-encoded). */
const ED25519_PUBLIC_HEADER = [0xed, 0x01];

function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const character of text) {
    const digit = BASE58_ALPHABET.indexOf(character);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value /= 256n) bytes.unshift(Number(value % 256n));
  for (const character of text) {
    if (character !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** An Ed25519 public key as a JWK, from its multibase (`z6Mk…`), or null when it is not one. */
export function ed25519JwkOfMultibase(multibase: string): { kty: 'OKP'; crv: 'Ed25519'; x: string } | null {
  if (!multibase.startsWith('z')) return null;
  const bytes = base58Decode(multibase.slice(1));
  if (!bytes || bytes.length !== 34 || bytes[0] !== ED25519_PUBLIC_HEADER[0] || bytes[1] !== ED25519_PUBLIC_HEADER[1]) return null;
  return { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bytes.subarray(2)).toString('base64url') };
}

/** did:key is its own document (did:key §3.1.2): one Ed25519 Multikey, named by its fingerprint. No lookup at all. */
export function didKeyDocumentOf(did: string): DidResolution {
  const fingerprint = did.slice('did:key:'.length);
  if (!fingerprint.startsWith('z6Mk') || !ed25519JwkOfMultibase(fingerprint)) return { reason: `did:key は Ed25519 の鍵（z6Mk…）のみ確認できます（${did}）` };
  const id = `${did}#${fingerprint}`;
  return {
    document: {
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
      id: did,
      verificationMethod: [{ id, type: 'Multikey', controller: did, publicKeyMultibase: fingerprint }],
      assertionMethod: [id],
    },
  };
}

/** Where did:web publishes a DID's document: the host (its port written `%3A`), then a path or /.well-known. */
export function didWebUrlOf(did: string): string | null {
  const [host, ...path] = did.slice('did:web:'.length).split(':');
  if (!host || path.some((segment) => !segment)) return null;
  try {
    const decodedHost = decodeURIComponent(host);
    const segments = path.map(decodeURIComponent);
    if (/[/?#@\\\s]/.test(decodedHost) || segments.some((segment) => /[/?#\\\s]/.test(segment) || segment === '..' || segment === '.')) return null;
    const url = new URL(`https://${decodedHost}/${segments.length > 0 ? segments.join('/') : '.well-known'}/did.json`);
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Resolves the DIDs a credential names, memoised for one verification: the campus's own DID from its
 * signing key (no HTTP), did:key locally, another did:web over HTTPS within the fetcher's limits; any other
 * method is not supported.
 */
export function issuerDidResolver(own: { did: string; document: DidDocument }, fetcher: PublicHttpsFetcher): ResolveIssuerDid {
  const resolved = new Map<string, Promise<DidResolution>>();
  const resolve = async (did: string): Promise<DidResolution> => {
    if (did === own.did) return { document: own.document };
    if (did.startsWith('did:key:')) return didKeyDocumentOf(did);
    if (did.startsWith('did:web:')) return resolveWeb(did, fetcher);
    const method = /^did:([a-z0-9]+):/.exec(did)?.[1];
    return { reason: method ? `対応していないDIDメソッドです（did:${method}）。did:web と did:key に対応しています` : `発行者がDIDではありません（${did.slice(0, 200)}）` };
  };
  return (did) => {
    let resolution = resolved.get(did);
    if (!resolution) resolved.set(did, (resolution = resolve(did)));
    return resolution;
  };
}

async function resolveWeb(did: string, fetcher: PublicHttpsFetcher): Promise<DidResolution> {
  const url = didWebUrlOf(did);
  if (!url) return { reason: `did:web の形式が正しくありません（${did.slice(0, 200)}）` };
  let text: string;
  try {
    text = (await fetcher.get(url, 'application/did+json, application/did+ld+json, application/json')).body.toString('utf8');
  } catch (error) {
    return { reason: `発行者のDID文書（${url}）を取得できませんでした：${error instanceof FetchRefusedError ? error.reason : '接続できませんでした'}` };
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { reason: `発行者のDID文書（${url}）がJSONではありません` };
  }
  if (!isObject(document) || document.id !== did) return { reason: `発行者のDID文書（${url}）のIDが ${did} ではありません` };
  if (document.verificationMethod !== undefined && !Array.isArray(document.verificationMethod)) return { reason: `発行者のDID文書（${url}）の verificationMethod が正しくありません` };
  return { document: document as unknown as DidDocument };
}
