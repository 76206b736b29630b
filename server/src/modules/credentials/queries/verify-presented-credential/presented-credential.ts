import { AppError } from '../../../../core/errors/app-error.js';
import { CREDENTIAL_VERIFICATION_MAX_BYTES } from '../../../../contracts/credentials.js';
import { unbakeCredential } from '../../badge/baked-badge.js';
import { credentialOfJwt } from '../../signing/vc-jwt.js';

export type JsonObject = Record<string, unknown>;

/** A credential as handed in, told apart by its form; nothing about it is verified yet. */
export type PresentedCredential =
  | { format: 'data-integrity'; credential: JsonObject }
  | { format: 'jwt'; jwt: string; header: JsonObject; payload: JsonObject; credential: JsonObject };

/** Only EdDSA (Ed25519): what the campus signs with, and the one JOSE algorithm the verifier checks. */
export const JWT_ALGORITHMS = ['EdDSA', 'Ed25519'];

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const ENVELOPED_JWT_PREFIX = 'data:application/vc+jwt,';

const refused = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, field);
export const TOO_LARGE_MESSAGE = 'ファイルが大きすぎます（1MBまで）';

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** The issuer's id: `issuer` is a URI or a profile object with an `id`. */
export function issuerIdOf(credential: JsonObject): string | null {
  const { issuer } = credential;
  if (typeof issuer === 'string') return issuer;
  return isObject(issuer) && typeof issuer.id === 'string' ? issuer.id : null;
}

/**
 * The request's credential, read: a badge image is unbaked (OB 3.0 §5.3), then the text is a JWT or the
 * credential JSON. Input that is no credential at all is refused (400, or 413 when too large) with the field.
 */
export function readPresentedCredential(input: { credential?: string; png?: string }): PresentedCredential {
  if (input.png !== undefined) {
    const png = Buffer.from(input.png.replace(/\s/g, ''), 'base64');
    if (png.length > CREDENTIAL_VERIFICATION_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE, 'png');
    let baked: string | null;
    try {
      baked = unbakeCredential(png);
    } catch {
      throw refused('PNG画像として読めませんでした', 'png');
    }
    if (baked === null) throw refused('この画像には認定証が焼き込まれていません（Open Badges 3.0 の openbadgecredential がありません）', 'png');
    return parseCredentialText(baked, 'png');
  }
  const text = input.credential ?? '';
  if (Buffer.byteLength(text) > CREDENTIAL_VERIFICATION_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE, 'credential');
  return parseCredentialText(text, 'credential');
}

/** A JWT (compact, or in JSON quotes) or a credential JSON with its proof. */
export function parseCredentialText(raw: string, field: string): PresentedCredential {
  const text = raw.replace(/^\uFEFF/, '').trim();
  if (!text) throw refused('認定証（JSONまたはJWT）を貼り付けるか、ファイルを選んでください', field);
  if (JWT_SHAPE.test(text)) return readJwt(text, field);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refused(text.startsWith('{') ? 'JSONとして読めませんでした。途中で切れていないかお確かめください' : '認定証のJSONでもJWTでもありません', field);
  }
  // A JWT saved as a JSON string.
  if (typeof value === 'string' && JWT_SHAPE.test(value.trim())) return readJwt(value.trim(), field);
  return readJsonCredential(value, field);
}

function readJsonCredential(value: unknown, field: string): PresentedCredential {
  if (!isObject(value)) throw refused('認定証のJSONではありません（オブジェクトではありません）', field);
  // VC 2.0's enveloped form: the JWT in a data: URL.
  if (listOf(value.type).includes('EnvelopedVerifiableCredential') && typeof value.id === 'string' && value.id.startsWith(ENVELOPED_JWT_PREFIX)) {
    return readJwt(value.id.slice(ENVELOPED_JWT_PREFIX.length), field);
  }
  if (value['@context'] === undefined) throw refused('@context がありません。Verifiable Credential のJSONではないようです', field);
  if (value.proof === undefined) throw refused('署名（proof）がありません。署名付きの認定証を指定してください', field);
  if (!issuerIdOf(value)) throw refused('発行者（issuer）がありません', field);
  return { format: 'data-integrity', credential: value };
}

function decodePart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function readJwt(jwt: string, field: string): PresentedCredential {
  const [headerPart = '', payloadPart = '', signature = ''] = jwt.split('.');
  const header = decodePart(headerPart);
  if (!isObject(header)) throw refused('JWTのヘッダーを読めませんでした', field);
  const alg = typeof header.alg === 'string' ? header.alg : '';
  if (alg.toLowerCase() === 'none') throw refused('署名のないJWT（alg: none）は受け付けられません', field);
  if (!JWT_ALGORITHMS.includes(alg)) throw refused(`対応していない署名方式です（alg: ${alg || '指定なし'}）。EdDSA（Ed25519）の署名のみ確認できます`, field);
  if (!signature) throw refused('JWTに署名がありません', field);
  const payload = decodePart(payloadPart);
  if (!isObject(payload)) throw refused('JWTの内容を読めませんでした', field);
  const credential = credentialOfJwt(jwt);
  if (credential['@context'] === undefined && !listOf(credential.type).includes('VerifiableCredential')) {
    throw refused('認定証のJWTではありません（Verifiable Credential が含まれていません）', field);
  }
  if (typeof payload.iss !== 'string' && !issuerIdOf(credential)) throw refused('発行者（iss / issuer）がありません', field);
  return { format: 'jwt', jwt, header, payload, credential };
}
