import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, importPKCS8, type JWK, calculateJwkThumbprint } from 'jose';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { didDocumentOf, issuerDidOf, multikeyIdOf, type IssuerDidDocument, type PublishedKey, type PublicSigningJwk } from './issuer-did.js';

export interface IssuerKey {
  /** `did:web:<host>` */
  did: string;
  /** `<did>#<JWK thumbprint>`: the JWT's `kid`, found in the DID document and the JWKS alike. */
  kid: string;
  privateKey: CryptoKey;
  publicJwk: PublicSigningJwk;
  /** The public keys of earlier rotations (CREDENTIAL_PREVIOUS_PUBLIC_KEYS), published but never used to sign. */
  previousPublicJwks: PublicSigningJwk[];
  /** The same private key as a Multikey (`<did>#z6Mk…`): it signs the Data Integrity proofs. */
  multikey: Ed25519Multikey.Ed25519MultikeyPair;
  /** What /.well-known/did.json publishes: every key, current first. */
  didDocument: IssuerDidDocument;
}

/** An Ed25519 public key as the DID document and the JWKS publish it, named `<did>#<JWK thumbprint>`. */
async function publicSigningJwkOf(did: string, x: string): Promise<PublicSigningJwk> {
  const kid = `${did}#${await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x })}`;
  return { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' };
}

async function publishedKeyOf(jwk: PublicSigningJwk): Promise<PublishedKey> {
  const { publicKeyMultibase } = await Ed25519Multikey.fromJwk({ jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x } });
  return { jwk, publicKeyMultibase };
}

/** Reads a configured key: a private JWK as JSON, or a PKCS#8 PEM. Only Ed25519 is accepted. */
export async function importSigningKey(configured: string): Promise<JWK> {
  const text = configured.trim();
  const key = text.startsWith('{') ? await importJWK(JSON.parse(text) as JWK, 'EdDSA', { extractable: true }) : await importPKCS8(text, 'EdDSA', { extractable: true });
  if (key instanceof Uint8Array) throw new Error('CREDENTIAL_SIGNING_KEY: an Ed25519 private key is required');
  const jwk = await exportJWK(key);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.d) throw new Error('CREDENTIAL_SIGNING_KEY: an Ed25519 private key is required');
  return jwk;
}

/**
 * The key file of development: made once, readable by the owner only. When the API and the worker start
 * together the first to publish wins: each writes its key to a file of its own, then links it to the
 * name, which is atomic and refuses a name already there, so no process ever reads a half-written file
 * (a `wx` write creates the name before its content lands); the other reads the winner's key.
 */
export async function loadOrCreateKeyFile(file: string): Promise<{ jwk: JWK; created: boolean }> {
  try {
    return { jwk: JSON.parse(await readFile(file, 'utf8')) as JWK, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  await mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${JSON.stringify(jwk)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return { jwk, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { jwk: JSON.parse(await readFile(file, 'utf8')) as JWK, created: false };
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

/** The issuer's Ed25519 key from CREDENTIAL_SIGNING_KEY, or else from (or made into) the data folder; loaded once. */
@Injectable()
export class CredentialSigningKey {
  private readonly logger = new Logger(CredentialSigningKey.name);
  private loaded?: Promise<IssuerKey>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  issuerKey(): Promise<IssuerKey> {
    // A failed load (an unreadable file) is tried again at the next use rather than remembered.
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  async didDocument(): Promise<IssuerDidDocument> {
    return (await this.issuerKey()).didDocument;
  }

  async jwks() {
    const { publicJwk, previousPublicJwks } = await this.issuerKey();
    return { keys: [publicJwk, ...previousPublicJwks] };
  }

  private async load(): Promise<IssuerKey> {
    const { configured, file, previousPublicKeys } = this.config.credentialSigningKey;
    let privateJwk: JWK;
    if (configured) privateJwk = await importSigningKey(configured);
    else {
      const { jwk, created } = await loadOrCreateKeyFile(file);
      privateJwk = jwk;
      if (created) this.logger.log(`generated the credential signing key in ${file}`);
      if (this.config.nodeEnv === 'production') this.logger.warn('CREDENTIAL_SIGNING_KEY is not set: credentials are signed with the key kept in the data folder');
    }
    const did = issuerDidOf(this.config.publicOrigin);
    const publicJwk = await publicSigningJwkOf(did, privateJwk.x!);
    // The current key listed again among the previous ones (a rotation half undone) is published once.
    const previousPublicJwks = await Promise.all([...new Set(previousPublicKeys)].filter((x) => x !== publicJwk.x).map((x) => publicSigningJwkOf(did, x)));
    const privateKey = (await importJWK({ ...privateJwk, alg: 'EdDSA' }, 'EdDSA')) as CryptoKey;
    const multikey = await Ed25519Multikey.fromJwk({ jwk: privateJwk, secretKey: true, controller: did });
    multikey.id = multikeyIdOf(did, multikey.publicKeyMultibase);
    const didDocument = didDocumentOf(did, await Promise.all([publicJwk, ...previousPublicJwks].map(publishedKeyOf)));
    return { did, kid: publicJwk.kid, privateKey, publicJwk, previousPublicJwks, multikey, didDocument };
  }
}
