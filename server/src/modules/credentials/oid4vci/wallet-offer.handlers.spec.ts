import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QueryBus } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { parseConfig } from '../../../config/config';
import { certificates } from '../../certificates/certificates.schema';
import { CertificateIssued } from '../../certificates/events';
import { courses } from '../../catalogue/catalogue.schema';
import { users } from '../../identity/identity.schema';
import { aCertificationCourseRow } from '../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../testing/pglite-store';
import { CreateWalletOfferCommand } from '../commands/create-wallet-offer/create-wallet-offer.command';
import { CreateWalletOfferHandler } from '../commands/create-wallet-offer/create-wallet-offer.handler';
import { openBadgeCredentials, walletOffers } from '../credentials.schema';
import { GetCredentialHandler } from '../queries/get-credential/get-credential.handler';
import type { GetCredentialQuery } from '../queries/get-credential/get-credential.query';
import { IssueCredentialWhenCertificateIssuedHandler } from '../reactions/issue-credential-when-certificate-issued.handler';
import { CredentialSigningKey } from '../signing/credential-signing-key';
import { IssueWalletCredentialCommand } from '../commands/issue-wallet-credential/issue-wallet-credential.command';
import { IssueWalletCredentialHandler } from '../commands/issue-wallet-credential/issue-wallet-credential.handler';
import { OAuthError } from './oauth-error';
import { RedeemPreAuthorizedCodeCommand } from '../commands/redeem-pre-authorized-code/redeem-pre-authorized-code.command';
import { RedeemPreAuthorizedCodeHandler } from '../commands/redeem-pre-authorized-code/redeem-pre-authorized-code.handler';
import { JWT_VC_CONFIGURATION, LDP_VC_CONFIGURATION, WalletIssuer } from './wallet-issuer';

const ORIGIN = 'https://campus.example.jp';
const LEARNER = randomUUID();
const OTHER = randomUUID();
const PRE_AUTH = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
const meta = () => ({ actorId: LEARNER, requestId: randomUUID(), correlationId: randomUUID(), causationId: null });
const request = { method: 'POST', url: '/api/v1/oid4vci/token', headers: { 'content-type': 'application/x-www-form-urlencoded' } };

/** The offer object inside `openid-credential-offer://?credential_offer=…`. */
const offerOf = (offerUri: string) => JSON.parse(new URL(offerUri).searchParams.get('credential_offer')!) as {
  credential_issuer: string;
  credential_configuration_ids: string[];
  grants: Record<string, { 'pre-authorized_code': string; tx_code?: unknown }>;
};
const codeOf = (offerUri: string) => offerOf(offerUri).grants[PRE_AUTH]!['pre-authorized_code'];
const oauthError = (error: string, status = 400) => expect.objectContaining({ error, status });

describe('wallet offer handlers: offer, token, credential (PGlite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-wallet-'));
  const config = parseConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir });
  const signingKey = new CredentialSigningKey(config);
  const wallet = new WalletIssuer(config);
  const course = aCertificationCourseRow('line-ads-basic', 1);
  const certificateId = randomUUID();
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let create: CreateWalletOfferHandler;
  let redeem: RedeemPreAuthorizedCodeHandler;
  let issue: IssueWalletCredentialHandler;
  let credentialId: string;

  const offer = () => create.execute(new CreateWalletOfferCommand(certificateId, LEARNER));
  const tokenFor = (body: unknown) => redeem.execute(new RedeemPreAuthorizedCodeCommand(body, request));
  const redeemed = async () => (await tokenFor({ grant_type: PRE_AUTH, 'pre-authorized_code': codeOf((await offer()).offerUri) })).access_token;
  const credentialWith = (token: string | undefined, body: unknown) => issue.execute(new IssueWalletCredentialCommand(token === undefined ? undefined : `Bearer ${token}`, body));

  beforeAll(async () => {
    store = await openPgliteStore();
    const getCredential = new GetCredentialHandler(store.connection, signingKey);
    const queryBus = { execute: (query: GetCredentialQuery) => getCredential.execute(query) } as unknown as QueryBus;
    create = new CreateWalletOfferHandler(store.connection, wallet);
    redeem = new RedeemPreAuthorizedCodeHandler(store.connection, wallet);
    issue = new IssueWalletCredentialHandler(store.connection, wallet, queryBus);
    await store.db.insert(courses).values(course);
    await store.db.insert(users).values([
      { id: LEARNER, subject: 'learner', email: 'learner@example.com' },
      { id: OTHER, subject: 'other', email: 'other@example.com' },
    ]);
    const issuedAt = new Date();
    const expiresAt = new Date(Date.now() + 86_400_000);
    const [issued] = await store.eventStore.commit(meta(), async ({ tx, append }) => {
      await tx.insert(certificates).values({ id: certificateId, slug: 'K7QF2M9A01', userId: LEARNER, courseId: course.id!, examSessionId: null, holderName: '山田 太郎', issuedAt, expiresAt, pdfPath: 'x.pdf' });
      return append({ streamType: 'certificate', streamId: certificateId, expectedVersion: 0 }, [
        new CertificateIssued({ certificateId, slug: 'K7QF2M9A01', userId: LEARNER, courseId: course.id!, courseSlug: 'line-ads-basic', examSessionId: null, issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString() }),
      ]);
    });
    await new IssueCredentialWhenCertificateIssuedHandler(store.connection, store.eventStore, signingKey, config).handle(issued!);
    [{ id: credentialId }] = (await store.db.select({ id: openBadgeCredentials.id }).from(openBadgeCredentials)) as [{ id: string }];
  }, 30_000);
  afterAll(async () => {
    await store.connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('offers both forms of the holder’s credential inline, keeping only the code’s hash, for five minutes', async () => {
    const before = Date.now();
    const answer = await offer();
    expect(answer).toEqual({
      offerUri: expect.stringMatching(/^openid-credential-offer:\/\/\?credential_offer=/),
      expiresAt: expect.any(String),
      expiresInSeconds: 300,
      credentialUrl: `${ORIGIN}/api/v1/credentials/${credentialId}`,
      jsonUrl: `${ORIGIN}/api/v1/credentials/${credentialId}?format=json`,
    });
    expect(Date.parse(answer.expiresAt) - before).toBeGreaterThanOrEqual(299_000);
    expect(Date.parse(answer.expiresAt) - before).toBeLessThanOrEqual(301_000);
    const credentialOffer = offerOf(answer.offerUri);
    expect(credentialOffer).toEqual({
      credential_issuer: ORIGIN,
      credential_configuration_ids: [LDP_VC_CONFIGURATION, JWT_VC_CONFIGURATION],
      grants: { [PRE_AUTH]: { 'pre-authorized_code': expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } },
    });
    const code = codeOf(answer.offerUri);
    const rows = await store.db.select({ codeHash: walletOffers.codeHash }).from(walletOffers);
    expect(rows.map((row) => row.codeHash)).toContain(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('answers 404 for another learner’s certificate and for ids that are no certificate', async () => {
    await expect(create.execute(new CreateWalletOfferCommand(certificateId, OTHER))).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    for (const bad of ['not-a-uuid', randomUUID(), "'; drop table wallet_offers; --"]) {
      await expect(create.execute(new CreateWalletOfferCommand(bad, LEARNER))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('redeems a code once: the token buys the credential; the code again is invalid_grant and ends that token', async () => {
    const code = codeOf((await offer()).offerUri);
    const token = await tokenFor({ grant_type: PRE_AUTH, 'pre-authorized_code': code });
    expect(token).toEqual({ access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), token_type: 'Bearer', expires_in: 300 });
    const [row] = await store.db.select().from(walletOffers).where(eq(walletOffers.accessTokenHash, createHash('sha256').update(token.access_token).digest('hex')));
    expect(row).toMatchObject({ credentialId, redeemedAt: expect.any(Date) });
    expect(await credentialWith(token.access_token, { credential_configuration_id: JWT_VC_CONFIGURATION })).toEqual({ credentials: [{ credential: expect.stringMatching(/^ey/) }] });

    await expect(tokenFor({ grant_type: PRE_AUTH, 'pre-authorized_code': code })).rejects.toEqual(oauthError('invalid_grant'));
    await expect(credentialWith(token.access_token, { credential_configuration_id: JWT_VC_CONFIGURATION })).rejects.toEqual(oauthError('invalid_token', 401));
  });

  it('refuses an expired code, and a code a newer offer of the same credential replaced', async () => {
    const expired = codeOf((await offer()).offerUri);
    await store.db.update(walletOffers).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(walletOffers.codeHash, createHash('sha256').update(expired).digest('hex')));
    await expect(tokenFor({ grant_type: PRE_AUTH, 'pre-authorized_code': expired })).rejects.toEqual(oauthError('invalid_grant'));

    const replaced = codeOf((await offer()).offerUri);
    const current = codeOf((await offer()).offerUri);
    await expect(tokenFor({ grant_type: PRE_AUTH, 'pre-authorized_code': replaced })).rejects.toEqual(oauthError('invalid_grant'));
    await expect(tokenFor({ grant_type: PRE_AUTH, 'pre-authorized_code': current })).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it.each([
    ['no body', undefined, 'invalid_request'],
    ['a string', 'grant_type=x', 'invalid_request'],
    ['a list', [1, 2], 'invalid_request'],
    ['no grant_type', { 'pre-authorized_code': 'abc' }, 'invalid_request'],
    ['another grant type', { grant_type: 'authorization_code', code: 'abc' }, 'unsupported_grant_type'],
    ['an unknown grant type', { grant_type: 'password', username: 'a', password: 'b' }, 'unsupported_grant_type'],
    ['no code', { grant_type: PRE_AUTH }, 'invalid_request'],
    ['a code given twice', { grant_type: PRE_AUTH, 'pre-authorized_code': ['a', 'b'] }, 'invalid_request'],
    ['an unknown code', { grant_type: PRE_AUTH, 'pre-authorized_code': 'x'.repeat(43) }, 'invalid_grant'],
    ['a tx_code nobody asked for', { grant_type: PRE_AUTH, 'pre-authorized_code': 'abc', tx_code: '1234' }, 'invalid_request'],
    ['another resource', { grant_type: PRE_AUTH, 'pre-authorized_code': 'abc', resource: 'https://elsewhere.example' }, 'invalid_target'],
  ])('answers a token request with %s (%j) with %s', async (_, body, error) => {
    await expect(tokenFor(body)).rejects.toEqual(oauthError(error));
  });

  it('hands out the Data Integrity form (1.0, by configuration) and the JWT (a draft’s format request)', async () => {
    const token = await redeemed();
    const ldp = await credentialWith(token, { credential_configuration_id: LDP_VC_CONFIGURATION });
    const [{ credential }] = (ldp as { credentials: [{ credential: { id: string; proof: { cryptosuite: string } } }] }).credentials;
    expect(credential.id).toBe(`${ORIGIN}/api/v1/credentials/${credentialId}`);
    expect(credential.proof.cryptosuite).toBe('eddsa-rdfc-2022');
    const jwt = await credentialWith(token, { format: 'jwt_vc_json', credential_definition: { type: ['VerifiableCredential', 'OpenBadgeCredential'] } });
    expect(jwt).toEqual({ credential: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/), format: 'jwt_vc_json' });
  });

  it('verifies a jwt proof when one is sent: its own key, this issuer as audience', async () => {
    const token = await redeemed();
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const jwk = await exportJWK(publicKey);
    const proof = (audience: string) =>
      new SignJWT({ aud: audience, iat: Math.floor(Date.now() / 1000) }).setProtectedHeader({ alg: 'EdDSA', typ: 'openid4vci-proof+jwt', jwk }).sign(privateKey);
    const good = await proof(ORIGIN);
    await expect(credentialWith(token, { credential_configuration_id: JWT_VC_CONFIGURATION, proofs: { jwt: [good] } })).resolves.toHaveProperty('credentials');
    await expect(credentialWith(token, { credential_configuration_id: JWT_VC_CONFIGURATION, proof: { proof_type: 'jwt', jwt: good } })).resolves.toHaveProperty('credentials');
    const [header, , signature] = good.split('.') as [string, string, string];
    const tampered = `${header}.${Buffer.from(JSON.stringify({ aud: ORIGIN, iat: 1 })).toString('base64url')}.${signature}`;
    await expect(credentialWith(token, { credential_configuration_id: JWT_VC_CONFIGURATION, proofs: { jwt: [tampered] } })).rejects.toEqual(oauthError('invalid_proof'));
    await expect(credentialWith(token, { credential_configuration_id: JWT_VC_CONFIGURATION, proofs: { jwt: [await proof('https://elsewhere.example')] } })).rejects.toEqual(oauthError('invalid_proof'));
    await expect(credentialWith(token, { credential_configuration_id: JWT_VC_CONFIGURATION, proofs: { jwt: [good, good] } })).rejects.toEqual(oauthError('invalid_proof'));
    await expect(credentialWith(token, { credential_configuration_id: JWT_VC_CONFIGURATION, proofs: { di_vp: [{}] } })).rejects.toEqual(oauthError('invalid_proof'));
  });

  it.each([
    ['no Authorization', undefined, { credential_configuration_id: LDP_VC_CONFIGURATION }, 'invalid_token', 401],
    ['an unknown token', 'x'.repeat(43), { credential_configuration_id: LDP_VC_CONFIGURATION }, 'invalid_token', 401],
    ['a malformed token', 'a b "c"', { credential_configuration_id: LDP_VC_CONFIGURATION }, 'invalid_token', 401],
  ])('answers a credential request with %s (%s, %j) with %s', async (_, token, body, error, status) => {
    await expect(credentialWith(token, body)).rejects.toEqual(oauthError(error, status));
  });

  it.each([
    ['no body', undefined, 'invalid_credential_request'],
    ['neither configuration nor format', {}, 'invalid_credential_request'],
    ['an unknown configuration', { credential_configuration_id: 'PhD' }, 'unknown_credential_configuration'],
    ['a format not issued', { format: 'mso_mdoc', doctype: 'org.iso.18013.5.1.mDL' }, 'unsupported_credential_format'],
    ['a credential identifier', { credential_identifier: 'abc' }, 'unknown_credential_identifier'],
    ['response encryption', { credential_configuration_id: LDP_VC_CONFIGURATION, credential_response_encryption: { jwk: {}, alg: 'x', enc: 'y' } }, 'invalid_encryption_parameters'],
    ['a broken proof', { credential_configuration_id: LDP_VC_CONFIGURATION, proof: { proof_type: 'jwt', jwt: 'not.a.jwt' } }, 'invalid_proof'],
  ])('answers a credential request (valid token) with %s (%j) with %s', async (_, body, error) => {
    await expect(credentialWith(await redeemed(), body)).rejects.toEqual(oauthError(error));
  });

  it('refuses a revoked credential: no new offer (410), nothing more for a token already bought', async () => {
    const token = await redeemed();
    await store.db.update(openBadgeCredentials).set({ revokedAt: new Date(), revocationCategory: 'other', revocationReason: 'テスト' }).where(eq(openBadgeCredentials.id, credentialId));
    try {
      await expect(offer()).rejects.toMatchObject({ code: 'CERTIFICATE_REVOKED', status: 410 });
      await expect(credentialWith(token, { credential_configuration_id: LDP_VC_CONFIGURATION })).rejects.toEqual(oauthError('credential_request_denied'));
    } finally {
      await store.db.update(openBadgeCredentials).set({ revokedAt: null, revocationCategory: null }).where(eq(openBadgeCredentials.id, credentialId));
    }
  });

  it('writes its refusals in OAuth’s JSON with ASCII descriptions, plus the campus envelope', () => {
    expect(new OAuthError('invalid_grant', 'コード "x"').body()).toEqual({
      error: 'invalid_grant',
      error_description: '??? ?x?',
      message: expect.stringContaining('ウォレットに追加'),
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(new OAuthError('invalid_token', 'no', 401).body()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
  });
});
