import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { clientAuthenticationAnonymous, type Jwk, Oauth2ClientErrorResponseError, setGlobalConfig } from '@openid4vc/oauth2';
import { Openid4vciClient } from '@openid4vc/openid4vci';
import { verifyJWT } from 'did-jwt';
import { type DIDDocument, type DIDResolutionResult, Resolver } from 'did-resolver';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { passExamToCertificate } from './pass-exam';
import { expectAccessible, openLoggedIn, watchConsole } from './support';

const COURSE = 'line-official-account-basic';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const LDP_VC = 'OpenBadgeCredential_ldp_vc';
const JWT_VC = 'OpenBadgeCredential_jwt_vc_json';

// The e2e campus is plain http (localhost); the library accepts https addresses only unless told.
setGlobalConfig({ allowInsecureUrls: true });

/** did:web as the method says, over http: the e2e campus has no TLS. */
const resolver = new Resolver({
  web: async (did: string): Promise<DIDResolutionResult> => {
    const host = decodeURIComponent(did.slice('did:web:'.length));
    const response = await fetch(`http://${host}/.well-known/did.json`);
    return { didResolutionMetadata: { contentType: 'application/did+json' }, didDocument: (await response.json()) as DIDDocument, didDocumentMetadata: {} };
  },
});

/**
 * The test wallet: the library's holder side (Openid4vciClient) with a key of its own that signs the
 * proof of possession. It reads only what the QR code's link holds and asks the campus as a native app
 * would (no cookie, no Origin, no X-Requested-With).
 */
async function testWallet() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const publicJwk = (await exportJWK(publicKey)) as Jwk;
  const client = new Openid4vciClient({
    callbacks: {
      hash: (data, alg) => createHash(alg.replace('-', '').toLowerCase()).update(data).digest(),
      generateRandom: (bytes) => randomBytes(bytes),
      signJwt: async (_signer, { header, payload }) => ({ jwt: await new SignJWT(payload).setProtectedHeader({ ...header, alg: 'EdDSA' }).sign(privateKey), signerJwk: publicJwk }),
      clientAuthentication: clientAuthenticationAnonymous(),
      fetch,
    },
  });
  return {
    async redeem(offerUri: string) {
      const offer = await client.resolveCredentialOffer(offerUri);
      const metadata = await client.resolveIssuerMetadata(offer.credential_issuer);
      const { accessTokenResponse } = await client.retrievePreAuthorizedCodeAccessTokenFromOffer({ credentialOffer: offer, issuerMetadata: metadata });
      const credentialOf = async (credentialConfigurationId: string) => {
        const { jwt } = await client.createCredentialRequestJwtProof({ issuerMetadata: metadata, credentialConfigurationId, signer: { method: 'jwk', alg: 'EdDSA', publicJwk } });
        const { credentialResponse } = await client.retrieveCredentials({ issuerMetadata: metadata, accessToken: accessTokenResponse.access_token, credentialConfigurationId, proof: { proof_type: 'jwt', jwt } });
        return (credentialResponse.credentials as [{ credential: unknown }])[0].credential;
      };
      return { offer, credentialOf };
    },
  };
}

test('a passed exam’s certificate goes into a wallet in one step: 「ウォレットに追加」, and the test wallet’s credential verifies', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const tag = `wallet-${Date.now().toString(36)}`;
  const learner = await openLoggedIn(browser, `learner-new+${tag}`, '新規 さくら');
  const problems = watchConsole(learner);
  // The exam needs a profile; registering one through the screens is new-learner.spec.ts's to test.
  const profile = { lastName: '財布', firstName: '花子', lastNameKana: 'サイフ', firstNameKana: 'ハナコ', email: `learner-new+${tag}@example.com` };
  expect((await learner.request.put('/api/v1/me', { headers: XHR, data: profile })).status()).toBe(200);

  // Pass the exam in the browser.
  await passExamToCertificate(learner, COURSE, `learner-new+${tag}`);

  // The certificate page offers 「ウォレットに追加」 once its credential is signed (a few seconds after the certificate).
  const addToWallet = learner.getByRole('button', { name: 'ウォレットに追加' });
  await expect(async () => {
    await learner.reload();
    await expect(addToWallet).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const credentialUrl = (await learner.getByRole('link', { name: /\/api\/v1\/credentials\// }).first().getAttribute('href'))!;
  await addToWallet.click();

  const dialog = learner.getByRole('dialog', { name: 'ウォレットに追加' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('スマートフォンのウォレットアプリでQRコードを読み取ってください。有効期限：5分')).toBeVisible();
  const qr = dialog.getByRole('img', { name: 'ウォレットアプリで読み取るQRコード', exact: true });
  await expect(qr).toBeVisible();
  // The QR code is drawn (the encoder loaded on demand), as an SVG of the offer.
  expect(decodeURIComponent((await qr.getAttribute('src'))!)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
  await expect(dialog.getByRole('timer')).toHaveText(/^有効期限：あと[45]分\d\d秒$/);
  const offerUri = (await dialog.getByRole('link', { name: 'ウォレットアプリで開く' }).getAttribute('href'))!;
  expect(offerUri).toMatch(/^openid-credential-offer:\/\/\?credential_offer=/);
  // Wallets without OpenID4VCI take the plain URL: the Learner Credential Wallet's 「URLから追加」 (or its QR
  // scan of a URL) GETs it with no Accept header and adds what answers if it is a JSON VerifiableCredential.
  const plain = dialog.getByRole('region', { name: 'URLやファイルで取り込むウォレットの場合' });
  const plainUrl = `${credentialUrl}?format=json`;
  await expect(plain.getByRole('link', { name: plainUrl })).toHaveAttribute('href', plainUrl);
  await expect(plain.getByRole('img', { name: 'URLで取り込むウォレットアプリで読み取るQRコード' })).toBeVisible();
  const imported = (await (await fetch(plainUrl)).json()) as { type: string[]; proof: { cryptosuite: string } };
  expect([imported.type, imported.proof.cryptosuite]).toEqual([['VerifiableCredential', 'OpenBadgeCredential'], 'eddsa-rdfc-2022']);
  await expect(plain.getByRole('button', { name: 'デジタル認定証のURLをコピー' })).toBeVisible();
  await expectAccessible(learner);

  // The phone: the test wallet redeems the offer the link holds and asks for both forms.
  const wallet = await testWallet();
  const { offer, credentialOf } = await wallet.redeem(offerUri);
  expect(offer.credential_issuer).toBe(baseURL);
  const ldp = (await credentialOf(LDP_VC)) as { id: string; proof: { type: string; cryptosuite: string } };
  expect(ldp.id).toBe(credentialUrl);
  expect(ldp.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022' });
  const jwt = (await credentialOf(JWT_VC)) as string;

  // It verifies: the JWT with did-jwt against the did:web key; the JSON-LD form is the published credential,
  // and the public verifier finds its Data Integrity proof valid.
  const verified = await verifyJWT(jwt, { resolver });
  expect(verified.payload).toMatchObject({ id: credentialUrl });
  expect(ldp).toEqual(await (await fetch(`${credentialUrl}?format=json`)).json());
  const verification = await fetch(new URL('/api/v1/credential-verifications', baseURL), {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ credential: JSON.stringify(ldp) }),
  });
  expect(await verification.json()).toMatchObject({ signature: 'valid', status: 'valid', format: 'data-integrity', issuer: { isThisCampus: true } });

  // The code was single use: the same offer again is refused.
  await expect((await testWallet()).redeem(offerUri)).rejects.toBeInstanceOf(Oauth2ClientErrorResponseError);

  await dialog.getByRole('button', { name: '閉じる' }).click();
  await expect(dialog).toBeHidden();
  await expect(addToWallet).toBeFocused();
  expect(problems).toEqual([]);
});
