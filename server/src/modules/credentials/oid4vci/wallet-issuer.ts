import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthorizationServerMetadata,
  type CallbackContext,
  clientAuthenticationNone,
  type Jwk,
  Oauth2AuthorizationServer,
  preAuthorizedCodeGrantIdentifier,
  setGlobalConfig,
  type VerifyJwtCallback,
} from '@openid4vc/oauth2';
import { type CredentialIssuerMetadata, type IssuerMetadataResult, Openid4vciIssuer, Openid4vciVersion } from '@openid4vc/openid4vci';
import { importJWK, type JWK, jwtVerify } from 'jose';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { walletCredential, walletToken } from '../../../contracts/routes/wallet-offers.js';
import { OPEN_BADGE_CONTEXTS } from '../open-badge-credential.js';

/** The two forms a wallet may ask for: the JSON-LD credential with its Data Integrity proof, or the VC-JWT. */
export const LDP_VC_CONFIGURATION = 'OpenBadgeCredential_ldp_vc';
export const JWT_VC_CONFIGURATION = 'OpenBadgeCredential_jwt_vc_json';
export type WalletCredentialConfiguration = typeof LDP_VC_CONFIGURATION | typeof JWT_VC_CONFIGURATION;

const OPEN_BADGE_TYPES = ['VerifiableCredential', 'OpenBadgeCredential'];

/** Proof JWTs are verified with their own key: the header's JWK or a did:jwk. No other key is looked up (no network). */
const ACCEPTED_PROOF_ALGS = new Set(['EdDSA', 'Ed25519', 'ES256', 'ES384', 'ES512', 'PS256', 'RS256']);

const verifyJwt: VerifyJwtCallback = async (signer, { compact }) => {
  let jwk: Jwk | undefined;
  if (signer.method === 'jwk') jwk = signer.publicJwk;
  else if (signer.method === 'did' && signer.didUrl.startsWith('did:jwk:')) {
    try {
      jwk = JSON.parse(Buffer.from(signer.didUrl.slice('did:jwk:'.length).split('#')[0]!, 'base64url').toString('utf8')) as Jwk;
    } catch {
      jwk = undefined;
    }
  }
  if (!jwk || !ACCEPTED_PROOF_ALGS.has(signer.alg) || 'd' in jwk) return { verified: false };
  try {
    await jwtVerify(compact, await importJWK(jwk as JWK, signer.alg), { algorithms: [signer.alg] });
    return { verified: true, signerJwk: jwk };
  } catch {
    return { verified: false };
  }
};

const callbacks: Omit<CallbackContext, 'decryptJwe' | 'encryptJwe'> = {
  hash: (data, alg) => createHash(alg.replace('-', '').toLowerCase()).update(data).digest(),
  generateRandom: (byteLength) => randomBytes(byteLength),
  verifyJwt,
  // The issuer signs nothing through the library (credentials are signed once, when issued).
  signJwt: () => {
    throw new Error('the wallet issuer signs no JWT');
  },
  clientAuthentication: clientAuthenticationNone({ clientId: 'campus' }),
};

/**
 * The campus as an OpenID4VCI credential issuer and its own OAuth authorization server (pre-authorised
 * code grant only): the library objects of @openid4vc and the metadata both publish at /.well-known.
 */
@Injectable()
export class WalletIssuer {
  readonly issuer = new Openid4vciIssuer({ callbacks });
  readonly authorizationServer = new Oauth2AuthorizationServer({ callbacks });
  readonly origin: string;
  private readonly metadata: IssuerMetadataResult;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.origin = config.publicOrigin;
    // The library accepts https addresses only; plain-http development (PUBLIC_URL http://localhost) needs this.
    // The server never fetches through the library, so this opens no outbound request to http.
    if (this.origin.startsWith('http:')) setGlobalConfig({ allowInsecureUrls: true });
    const display = [{ name: 'デジタル認定証（Open Badges）', locale: 'ja-JP', description: `${config.siteName}の認定バッジ（Open Badges 3.0）`, background_color: '#06803d', text_color: '#ffffff' }];
    const credentialIssuer: CredentialIssuerMetadata = this.issuer.createCredentialIssuerMetadata({
      credential_issuer: this.origin,
      credential_endpoint: `${this.origin}${walletCredential.path}`,
      display: [{ name: config.siteName, locale: 'ja-JP', logo: { uri: `${this.origin}/icons/icon-192.png`, alt_text: config.siteName } }],
      // Not bound to a wallet key (the credential is signed once, for its holder): no binding methods and no
      // required proof are advertised; a jwt proof a wallet sends anyway is still verified.
      credential_configurations_supported: {
        [LDP_VC_CONFIGURATION]: {
          format: 'ldp_vc',
          credential_definition: { '@context': [...OPEN_BADGE_CONTEXTS], type: OPEN_BADGE_TYPES },
          credential_signing_alg_values_supported: ['eddsa-rdfc-2022'],
          credential_metadata: { display },
        },
        [JWT_VC_CONFIGURATION]: {
          format: 'jwt_vc_json',
          credential_definition: { type: OPEN_BADGE_TYPES },
          credential_signing_alg_values_supported: ['EdDSA'],
          credential_metadata: { display },
        },
      },
    });
    const authorizationServer: AuthorizationServerMetadata = this.authorizationServer.createAuthorizationServerMetadata({
      issuer: this.origin,
      token_endpoint: `${this.origin}${walletToken.path}`,
      grant_types_supported: [preAuthorizedCodeGrantIdentifier],
      // Wallets are public clients: the code is the whole grant (no client authentication, no client_id needed).
      'pre-authorized_grant_anonymous_access_supported': true,
      token_endpoint_auth_methods_supported: ['none'],
    });
    this.metadata = {
      originalDraftVersion: Openid4vciVersion.V1,
      credentialIssuer,
      authorizationServers: [authorizationServer],
      knownCredentialConfigurations: this.issuer.getKnownCredentialConfigurationsSupported(credentialIssuer),
    };
  }

  /** What the library's issuer functions take. */
  issuerMetadata(): IssuerMetadataResult {
    return this.metadata;
  }

  /** GET /.well-known/openid-credential-issuer */
  credentialIssuerMetadata(): CredentialIssuerMetadata {
    return this.metadata.credentialIssuer;
  }

  /** GET /.well-known/oauth-authorization-server */
  authorizationServerMetadata(): AuthorizationServerMetadata {
    return this.metadata.authorizationServers[0]!;
  }
}

/** A pre-authorised code or access token: 256 random bits, base64url. */
export const newWalletSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored of a code or token: its SHA-256, hex. */
export const walletSecretHash = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

