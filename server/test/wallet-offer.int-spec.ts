import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientAuthenticationAnonymous, type Jwk, Oauth2ClientErrorResponseError, type SignJwtCallback } from '@openid4vc/oauth2';
import { type CredentialOfferObject, type IssuerMetadataResult, Openid4vciClient, Openid4vciRetrieveCredentialsError } from '@openid4vc/openid4vci';
import { verifyJWT } from 'did-jwt';
import { type DIDDocument, type DIDResolutionResult, Resolver } from 'did-resolver';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Client } from 'pg';
import type { Certificate } from '../src/contracts/certificates';
import type { CredentialLink } from '../src/contracts/credentials';
import type { WalletOffer } from '../src/contracts/wallet-offers';
import { verifyDataIntegrity } from '../src/modules/credentials/signing/data-integrity-proof';
import type { DidDocument } from '../src/modules/credentials/signing/json-ld-document-loader';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';
import { startTlsFront, tlsPort } from './support/tls-front';
import { waitFor } from './support/wait-for';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };
const PRE_AUTH = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
const LDP_VC = 'OpenBadgeCredential_ldp_vc';
const JWT_VC = 'OpenBadgeCredential_jwt_vc_json';

/**
 * A test wallet written with the library's holder side (Openid4vciClient): its own Ed25519 key signs
 * the proof of possession; it talks to the campus only over https, with fetch as a native app would
 * (no cookie, no Origin, no X-Requested-With).
 */
async function testWallet() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const publicJwk = (await exportJWK(publicKey)) as Jwk;
  const signJwt: SignJwtCallback = async (_signer, { header, payload }) => ({
    jwt: await new SignJWT(payload).setProtectedHeader({ ...header, alg: 'EdDSA' }).sign(privateKey),
    signerJwk: publicJwk,
  });
  const client = new Openid4vciClient({
    callbacks: {
      hash: (data, alg) => createHash(alg.replace('-', '').toLowerCase()).update(data).digest(),
      generateRandom: (bytes) => randomBytes(bytes),
      signJwt,
      clientAuthentication: clientAuthenticationAnonymous(),
      // The global fetch is swapped for one trusting the TLS front while it runs: read it at each call.
      fetch: (input, init) => fetch(input, init),
    },
  });
  return {
    client,
    /** Scans the QR code: the offer, the issuer's metadata, the access token. */
    async redeem(offerUri: string): Promise<{ offer: CredentialOfferObject; metadata: IssuerMetadataResult; accessToken: string }> {
      const offer = await client.resolveCredentialOffer(offerUri);
      const metadata = await client.resolveIssuerMetadata(offer.credential_issuer);
      const { accessTokenResponse } = await client.retrievePreAuthorizedCodeAccessTokenFromOffer({ credentialOffer: offer, issuerMetadata: metadata });
      return { offer, metadata, accessToken: accessTokenResponse.access_token };
    },
    /** Asks for one configuration, with a jwt proof of this wallet's key unless told not to. */
    async credential(metadata: IssuerMetadataResult, accessToken: string, credentialConfigurationId: string, withProof = true) {
      const proof = withProof
        ? { proof_type: 'jwt' as const, jwt: (await client.createCredentialRequestJwtProof({ issuerMetadata: metadata, credentialConfigurationId, signer: { method: 'jwk', alg: 'EdDSA', publicJwk } })).jwt }
        : undefined;
      const { credentialResponse } = await client.retrieveCredentials({ issuerMetadata: metadata, accessToken, credentialConfigurationId, proof });
      return credentialResponse;
    },
  };
}

describe('「ウォレットに追加」: an OpenID4VCI offer redeemed by a wallet built on @openid4vc, its credential verified', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-data-'));
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  const clientDist = mkdtempSync(path.join(tmpdir(), 'campus-client-'));
  mkdirSync(path.join(clientDist, 'badges'));
  writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html lang="ja"><head><title>キャンパス</title></head><body><div id="root"></div></body></html>');
  const origin = `https://localhost:${tlsPort()}`;
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let front: Awaited<ReturnType<typeof startTlsFront>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let certificate: Certificate;
  let link: CredentialLink;

  const newOffer = async (client = learner, certificateId = certificate.certificateId) => client.xhr('POST', `/api/v1/certificates/${certificateId}/wallet-offer`);
  const offerUriOf = async () => {
    const reply = await newOffer();
    expect(reply.status).toBe(200);
    return (reply.json() as WalletOffer).offerUri;
  };
  const codeOf = (offerUri: string) => JSON.parse(new URL(offerUri).searchParams.get('credential_offer')!).grants[PRE_AUTH]['pre-authorized_code'] as string;
  /** What a wallet (or anyone) posts, with no cookie, Origin or XHR header. */
  const post = async (pathname: string, init: { body?: string; headers?: Record<string, string> }) => {
    const response = await fetch(new URL(pathname, origin), { method: 'POST', ...init });
    const text = await response.text();
    const json = ((): Record<string, unknown> | null => {
      try {
        return JSON.parse(text);
      } catch {
        return null;
      }
    })();
    return { status: response.status, headers: response.headers, text, json };
  };
  const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  /** did:web as the method says, over https through the front: the verifier learns the key from what the campus publishes. */
  const resolveDid = async (did: string): Promise<DidDocument | null> => {
    const host = decodeURIComponent(did.slice('did:web:'.length));
    const response = await fetch(`https://${host}/.well-known/did.json`);
    return response.ok ? ((await response.json()) as DidDocument) : null;
  };
  const didJwtResolver = new Resolver({
    web: async (did: string): Promise<DIDResolutionResult> => ({ didResolutionMetadata: { contentType: 'application/did+json' }, didDocument: (await resolveDid(did)) as unknown as DIDDocument, didDocumentMetadata: {} }),
  });

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true, env: { DATA_DIR: dataDir, CLIENT_DIST_DIR: clientDist, PUBLIC_URL: origin } });
    // The TLS front's certificate is made for this run; while it runs, this process's fetch trusts it.
    front = await startTlsFront(tlsPort(), new URL(`http://127.0.0.1:${campus.api.config.port}`));
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    const { examSessionId } = (await learner.xhr('POST', '/api/v1/certification-courses/line-ads-basic/exam/start/')).json();
    expect((await learner.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: await rightAnswersOf(database, examSessionId) })).status).toBe(200);
    certificate = await waitFor('the certificate', async () => (await learner.xhr('GET', '/api/v1/certificates/')).json().items[0]);
    link = await waitFor('the credential', async () => {
      const reply = await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`);
      return reply.status === 200 ? (reply.json() as CredentialLink) : null;
    });
  });
  afterAll(async () => {
    await database?.end();
    await front?.close();
    await campus?.stop();
    for (const folder of [dataDir, mediaDir, `${mediaDir}-certificates`, clientDist]) rmSync(folder, { recursive: true, force: true });
  });

  it('publishes the issuer and authorization server metadata at the origin’s .well-known, to every origin', async () => {
    const issuer = await fetch(`${origin}/.well-known/openid-credential-issuer`);
    expect(issuer.status).toBe(200);
    expect(issuer.headers.get('access-control-allow-origin')).toBe('*');
    expect(await issuer.json()).toMatchObject({
      credential_issuer: origin,
      credential_endpoint: `${origin}/api/v1/oid4vci/credential`,
      display: [expect.objectContaining({ name: 'マーケティング学習キャンパス', locale: 'ja-JP' })],
      credential_configurations_supported: {
        [LDP_VC]: { format: 'ldp_vc', credential_definition: { type: ['VerifiableCredential', 'OpenBadgeCredential'] } },
        [JWT_VC]: { format: 'jwt_vc_json', credential_definition: { type: ['VerifiableCredential', 'OpenBadgeCredential'] } },
      },
    });
    const authorizationServer = await fetch(`${origin}/.well-known/oauth-authorization-server`);
    expect(await authorizationServer.json()).toMatchObject({ issuer: origin, token_endpoint: `${origin}/api/v1/oid4vci/token`, grant_types_supported: [PRE_AUTH], 'pre-authorized_grant_anonymous_access_supported': true });
  });

  it('gives the holder an inline offer; the wallet redeems it and both forms it gets verify against the did:web key', async () => {
    const reply = await newOffer();
    expect(reply.status).toBe(200);
    const offer = reply.json() as WalletOffer;
    expect(offer).toEqual({ offerUri: expect.stringMatching(/^openid-credential-offer:\/\/\?credential_offer=/), expiresAt: expect.any(String), expiresInSeconds: 300, credentialUrl: link.credentialUrl, jsonUrl: link.jsonUrl });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    // Only the code's hash is kept.
    const code = codeOf(offer.offerUri);
    const { rows } = await database.query('select code_hash from wallet_offers');
    expect(rows.map((row) => row.code_hash)).toContain(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(code);

    const wallet = await testWallet();
    const { offer: resolved, metadata, accessToken } = await wallet.redeem(offer.offerUri);
    expect(resolved.credential_configuration_ids).toEqual([LDP_VC, JWT_VC]);
    expect(resolved.grants?.[PRE_AUTH]).not.toHaveProperty('tx_code');

    const ldp = await wallet.credential(metadata, accessToken, LDP_VC);
    const credential = (ldp.credentials as [{ credential: Record<string, unknown> }])[0].credential;
    expect(credential).toMatchObject({ id: link.credentialUrl, type: ['VerifiableCredential', 'OpenBadgeCredential'], proof: { type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022' } });
    expect(await verifyDataIntegrity(credential, resolveDid)).toEqual({ verified: true, errors: [] });
    // The very credential published at its public URL.
    expect(credential).toEqual(await (await fetch(link.jsonUrl)).json());

    const jwt = (await wallet.credential(metadata, accessToken, JWT_VC, false)).credentials as [{ credential: string }];
    const verified = await verifyJWT(jwt[0].credential, { resolver: didJwtResolver });
    expect(verified.payload).toMatchObject({ id: link.credentialUrl });
    expect(jwt[0].credential).toBe(await (await fetch(link.credentialUrl)).text());
    const { rows: redeemed } = await database.query('select redeemed_at, credential_issued_at from wallet_offers where code_hash = $1', [createHash('sha256').update(code).digest('hex')]);
    expect(redeemed).toEqual([{ redeemed_at: expect.any(Date), credential_issued_at: expect.any(Date) }]);
  });

  it('refuses a replayed code (invalid_grant) and ends the token it had bought', async () => {
    const offerUri = await offerUriOf();
    const wallet = await testWallet();
    const { metadata, accessToken } = await wallet.redeem(offerUri);
    // The first redemption's answer (as a wallet without the library sees it) is never cached.
    const first = await post('/api/v1/oid4vci/token', form({ grant_type: PRE_AUTH, 'pre-authorized_code': codeOf(await offerUriOf()) }));
    expect([first.status, first.headers.get('cache-control'), first.headers.get('pragma')]).toEqual([200, 'no-store', 'no-cache']);
    expect(first.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 300 });
    const replay = await post('/api/v1/oid4vci/token', form({ grant_type: PRE_AUTH, 'pre-authorized_code': codeOf(offerUri) }));
    expect(replay.status).toBe(400);
    expect(replay.headers.get('cache-control')).toBe('no-store');
    expect(replay.json).toEqual({ error: 'invalid_grant', error_description: expect.any(String), message: expect.stringContaining('ウォレットに追加'), status: 400, code: 'VALIDATION_FAILED' });
    await expect(wallet.redeem(offerUri)).rejects.toBeInstanceOf(Oauth2ClientErrorResponseError);
    const refused = await wallet.credential(metadata, accessToken, LDP_VC).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Openid4vciRetrieveCredentialsError);
    expect((refused as Openid4vciRetrieveCredentialsError).response.response.status).toBe(401);
  });

  it('refuses an expired code, and an earlier code once a new offer is made', async () => {
    const expired = await offerUriOf();
    await database.query(`update wallet_offers set expires_at = now() - interval '1 second' where code_hash = $1`, [createHash('sha256').update(codeOf(expired)).digest('hex')]);
    const wallet = await testWallet();
    const error = await wallet.redeem(expired).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Oauth2ClientErrorResponseError);
    expect((error as Oauth2ClientErrorResponseError).errorResponse).toMatchObject({ error: 'invalid_grant' });

    const earlier = await offerUriOf();
    const later = await offerUriOf();
    await expect(wallet.redeem(earlier)).rejects.toBeInstanceOf(Oauth2ClientErrorResponseError);
    await expect(wallet.redeem(later)).resolves.toHaveProperty('accessToken');
  });

  it('refuses a wrong or missing access token with 401 invalid_token and WWW-Authenticate', async () => {
    for (const authorization of [`Bearer ${randomBytes(32).toString('base64url')}`, 'Bearer', 'Basic dXNlcjpwYXNz', undefined]) {
      const reply = await post('/api/v1/oid4vci/credential', { body: JSON.stringify({ credential_configuration_id: LDP_VC }), headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) } });
      expect(reply.status).toBe(401);
      expect(reply.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(reply.json).toMatchObject({ error: 'invalid_token', status: 401, code: 'LOGIN_REQUIRED', message: expect.any(String) });
    }
  });

  it('lets only the holder make an offer: 404 for another learner, 401 without a session, 404 for junk ids, 410 once revoked', async () => {
    const other = await logInAsDemo(origin, 'learner-new');
    const foreign = await newOffer(other);
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const anonymous = await newOffer(new BrowserLikeClient(origin));
    expect(anonymous.json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    for (const junk of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '%E2%80%AE', 'x'.repeat(2000)]) {
      const reply = await newOffer(learner, junk);
      expect(reply.status).toBe(404);
      expect(reply.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    // The offer is the holder's own XHR: without the header it is refused like every other write.
    const plain = await learner.request(`/api/v1/certificates/${certificate.certificateId}/wallet-offer`, { method: 'POST' });
    expect(plain.json()).toMatchObject({ status: 403, code: 'XHR_HEADER_REQUIRED' });

    const admin = await logInAsDemo(origin, 'admin');
    const revocation = `/api/v1/admin/credentials/${link.credentialId}/revocation`;
    const offerUri = await offerUriOf();
    const { metadata, accessToken } = await (await testWallet()).redeem(offerUri);
    expect((await admin.xhr('PUT', revocation, { revoked: true, category: 'misconduct', reason: '試験中の不正が確認されたため' })).status).toBe(200);
    try {
      const revoked = await newOffer();
      expect(revoked.status).toBe(410);
      expect(revoked.json()).toEqual({ status: 410, code: 'CERTIFICATE_REVOKED', message: 'このデジタル認定証は取り消されているため、ウォレットに追加できません' });
      const denied = await (await testWallet()).credential(metadata, accessToken, LDP_VC).catch((error: unknown) => error);
      expect((denied as Openid4vciRetrieveCredentialsError).response.response.status).toBe(400);
      expect((denied as Openid4vciRetrieveCredentialsError).message).toContain('credential_request_denied');
    } finally {
      expect((await admin.xhr('PUT', revocation, { revoked: false, reason: '再調査の結果、問題はありませんでした' })).status).toBe(200);
    }
  });

  it('answers every bad token or credential request with a 4xx: OAuth’s error JSON, which is also the campus envelope', async () => {
    const json = (body: string) => ({ body, headers: { 'content-type': 'application/json' } });
    const token = '/api/v1/oid4vci/token';
    const cases: Array<[string, string, { body?: string; headers?: Record<string, string> }]> = [
      ['token: no body', token, {}],
      ['token: empty form', token, form({})],
      ['token: wrong grant_type', token, form({ grant_type: 'authorization_code', code: 'x' })],
      ['token: password grant', token, form({ grant_type: 'password', username: 'a', password: 'b' })],
      ['token: no code', token, form({ grant_type: PRE_AUTH })],
      ['token: unknown code', token, form({ grant_type: PRE_AUTH, 'pre-authorized_code': 'x'.repeat(43) })],
      ['token: code twice', token, { body: `grant_type=${encodeURIComponent(PRE_AUTH)}&pre-authorized_code=a&pre-authorized_code=b`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
      ['token: bracketed names', token, { body: 'grant_type[]=x&pre-authorized_code[a]=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
      ['token: JSON junk', token, json('{"grant_type": ')],
      ['token: JSON list', token, json('[1,2,3]')],
      ['token: JSON string', token, json('"grant_type"')],
      ['token: JSON null', token, json('null')],
      ['token: JSON with objects', token, json(JSON.stringify({ grant_type: { $ne: 1 }, 'pre-authorized_code': { $gt: '' } }))],
      ['token: text/plain', token, { body: 'grant_type=x', headers: { 'content-type': 'text/plain' } }],
      ['token: unknown tx_code', token, form({ grant_type: PRE_AUTH, 'pre-authorized_code': 'x', tx_code: '0000' })],
      ['token: non-ASCII code', token, form({ grant_type: PRE_AUTH, 'pre-authorized_code': 'ウォレット\u202e' })],
      // Refused by the campus's bad-bytes rule before the handler, in the envelope alone.
      ['token: NUL junk', token, form({ grant_type: PRE_AUTH, 'pre-authorized_code': 'x\u0000' })],
      ['token: a cross-site Origin', token, { ...form({ grant_type: PRE_AUTH, 'pre-authorized_code': 'x' }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } }],
      ['credential: JSON junk', '/api/v1/oid4vci/credential', json('{"credential_configuration_id": [')],
      ['credential: form body', '/api/v1/oid4vci/credential', form({ credential_configuration_id: LDP_VC })],
    ];
    for (const [what, pathname, init] of cases) {
      const reply = await post(pathname, init);
      expect([what, reply.status >= 400 && reply.status < 500]).toEqual([what, true]);
      // The campus envelope, always; the handlers' refusals are OAuth's error JSON as well.
      expect([what, reply.json]).toEqual([what, expect.objectContaining({ message: expect.any(String), status: reply.status, code: expect.any(String) })]);
      if (reply.status !== 415 && !what.includes('junk')) expect([what, typeof reply.json?.error]).toEqual([what, 'string']);
    }
    // A body over the API's limit is refused before any handler.
    const huge = await post(token, form({ grant_type: PRE_AUTH, 'pre-authorized_code': 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);

    // A valid token, then bad credential requests.
    const { accessToken } = await (await testWallet()).redeem(await offerUriOf());
    const withToken = (body: string, contentType = 'application/json') => post('/api/v1/oid4vci/credential', { body, headers: { 'content-type': contentType, authorization: `Bearer ${accessToken}` } });
    for (const [body, error] of [
      ['{}', 'invalid_credential_request'],
      ['[]', 'invalid_credential_request'],
      ['"x"', 'invalid_credential_request'],
      [JSON.stringify({ credential_configuration_id: 'PhD' }), 'unknown_credential_configuration'],
      [JSON.stringify({ credential_configuration_id: { toString: 1 } }), 'invalid_credential_request'],
      [JSON.stringify({ format: 'mso_mdoc', doctype: 'x' }), 'unsupported_credential_format'],
      [JSON.stringify({ credential_configuration_id: LDP_VC, proof: { proof_type: 'jwt', jwt: 'e30.e30.' } }), 'invalid_proof'],
      [JSON.stringify({ credential_configuration_id: LDP_VC, proofs: { jwt: 'not-a-list' } }), 'invalid_credential_request'],
    ] as const) {
      const reply = await withToken(body);
      expect([body, reply.status, reply.json?.error]).toEqual([body, 400, error]);
    }
  });
});
