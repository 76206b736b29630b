import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { verifyJWT } from 'did-jwt';
import { type DIDDocument, type DIDResolutionResult, Resolver } from 'did-resolver';
import { passExamToCertificate } from './pass-exam';
import { expectAccessible, openLoggedIn, watchConsole } from './support';

const COURSE = 'line-official-account-basic';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/**
 * The verifier's side, with an independent library: did:web resolved as the method says (over http: the
 * e2e campus has no TLS), the JWT verified by did-jwt, then the status list it names fetched, verified the
 * same way and its bit read. Nothing here is the campus's own code (the Data Integrity form is checked by
 * the wallets' verifiers in server/test/credential-standards.int-spec.ts, behind TLS).
 */
const resolver = new Resolver({
  web: async (did: string): Promise<DIDResolutionResult> => {
    const host = decodeURIComponent(did.slice('did:web:'.length));
    const response = await fetch(`http://${host}/.well-known/did.json`);
    return { didResolutionMetadata: { contentType: 'application/did+json' }, didDocument: (await response.json()) as DIDDocument, didDocumentMetadata: {} };
  },
});
async function verifierSays(jwt: string): Promise<'revoked' | 'valid'> {
  const { payload } = await verifyJWT(jwt, { resolver });
  const status = payload.credentialStatus as { statusListIndex: string; statusListCredential: string; statusPurpose: string };
  expect(status.statusPurpose).toBe('revocation');
  // Fresh each time: the list is cached for a minute by browsers, not by this verifier.
  const list = await (await fetch(status.statusListCredential, { headers: { 'cache-control': 'no-cache' } })).text();
  const verifiedList = await verifyJWT(list, { resolver });
  const encoded = (verifiedList.payload.credentialSubject as { encodedList: string }).encodedList;
  const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
  const index = Number(status.statusListIndex);
  return ((bits[index >> 3]! >> (7 - (index & 7))) & 1) === 1 ? 'revoked' : 'valid';
}

/** A browser of its own, logged in, the agreements accepted. */
/** The text of the PNG's `iTXt` chunk with keyword `openbadgecredential` (read here, not with the campus's code). */
function bakedCredentialOf(png: Buffer): string | null {
  for (let offset = 8; offset + 8 <= png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'iTXt' && data.toString('latin1', 0, data.indexOf(0)) === 'openbadgecredential') {
      // keyword NUL, compression flag, method, language tag NUL, translated keyword NUL, text
      let at = data.indexOf(0) + 3;
      at = data.indexOf(0, at) + 1;
      at = data.indexOf(0, at) + 1;
      return data.subarray(at).toString('utf8');
    }
    offset += 12 + length;
  }
  return null;
}

test('a passed exam’s credential is verified independently, revoked in the admin console, and then seen revoked everywhere', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const tag = `credential-${Date.now().toString(36)}`;
  const learner = await openLoggedIn(browser, `learner-new+${tag}`, '新規 さくら');
  const problems = watchConsole(learner);
  // The exam needs a profile; registering one through the screens is new-learner.spec.ts's to test.
  const profile = { lastName: '認定', firstName: '花子', lastNameKana: 'ニンテイ', firstNameKana: 'ハナコ', email: `learner-new+${tag}@example.com` };
  expect((await learner.request.put('/api/v1/me', { headers: XHR, data: profile })).status()).toBe(200);

  // Pass the exam in the browser.
  const { slug } = await passExamToCertificate(learner, COURSE, `learner-new+${tag}`);

  // Download the credential from the certificate page (signed a few seconds after the certificate).
  const download = learner.getByRole('link', { name: 'デジタル認定証（Open Badges）をダウンロード' });
  await expect(async () => {
    await learner.reload();
    await expect(download).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expectAccessible(learner);
  const [file] = await Promise.all([learner.waitForEvent('download'), download.click()]);
  const folder = mkdtempSync(path.join(tmpdir(), 'campus-e2e-credential-'));
  let credential: { id: string; type: string[]; credentialSubject: { achievement: { name: string } }; proof: { type: string; cryptosuite: string } };
  try {
    const saved = path.join(folder, file.suggestedFilename());
    await file.saveAs(saved);
    credential = JSON.parse(readFileSync(saved, 'utf8'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  expect(credential.credentialSubject.achievement.name).toBe('LINE公式アカウント Basic');
  // The downloaded file is the credential with its Data Integrity proof.
  expect(credential.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022' });
  // The page's credential URL answers the signed JWT carrying exactly what was downloaded.
  await expect(learner.getByRole('link', { name: credential.id })).toHaveAttribute('href', credential.id);
  const jwt = await (await fetch(credential.id)).text();
  const verified = await verifyJWT(jwt, { resolver });
  expect(verified.payload).toMatchObject({ id: credential.id, credentialSubject: credential.credentialSubject });
  expect(await verifierSays(jwt)).toBe('valid');
  // The badge image offered beside it carries the same credential, baked in as Open Badges 3.0 says.
  const badgeHref = await learner.getByRole('link', { name: 'デジタル認定証入りのバッジ画像（PNG）をダウンロード' }).getAttribute('href');
  const badge = await fetch(new URL(badgeHref!, baseURL));
  expect(badge.headers.get('content-type')).toBe('image/png');
  expect(bakedCredentialOf(Buffer.from(await badge.arrayBuffer()))).toBe(jwt);

  // LinkedIn's form, filled in with every field; the verification page is the certification's URL.
  const linkedIn = new URL((await learner.getByRole('link', { name: /LinkedInのプロフィールに追加/ }).getAttribute('href'))!);
  expect(`${linkedIn.origin}${linkedIn.pathname}`).toBe('https://www.linkedin.com/profile/add');
  const now = new Date(Date.now() + 9 * 3600_000);
  expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
    startTask: 'CERTIFICATION_NAME',
    name: 'LINE公式アカウント Basic 認定バッジ',
    organizationName: 'マーケティング学習キャンパス',
    issueYear: String(now.getUTCFullYear()),
    issueMonth: String(now.getUTCMonth() + 1),
    expirationYear: expect.stringMatching(/^\d{4}$/),
    expirationMonth: expect.stringMatching(/^([1-9]|1[0-2])$/),
    certId: slug,
    certUrl: `${baseURL}/certificates/verify/${slug}`,
  });
  expect(Number(linkedIn.searchParams.get('expirationYear'))).toBeGreaterThan(now.getUTCFullYear());

  // The admin finds it by the certificate number and revokes it with a reason.
  const admin = await openLoggedIn(browser, 'admin', '管理 花子');
  const adminProblems = watchConsole(admin);
  await admin.goto('/admin/events');
  await admin.getByRole('navigation', { name: '運営コンソール' }).getByRole('link', { name: 'デジタル認定証' }).click();
  await admin.getByLabel('学習者（メールアドレス・氏名）または認定証番号').fill(slug.toLowerCase());
  await admin.getByRole('button', { name: '検索' }).click();
  const row = admin.getByRole('row').filter({ hasText: slug });
  await expect(row).toContainText('認定 花子');
  await expect(row).toContainText('有効');
  await expectAccessible(admin);
  await row.getByRole('button', { name: `${slug} を取り消す` }).click();
  const form = admin.getByRole('form', { name: new RegExp(`${slug}.*を取り消す`) });
  await form.getByLabel(/理由/).fill('受験時の本人確認に不備があったため');
  await form.getByLabel(/取り消しの区分/).selectOption({ label: '不正行為' });
  await form.getByRole('button', { name: '取り消しを確定' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `認定証番号 ${slug} のデジタル認定証を取り消しました。` })).toBeVisible();
  await expect(row).toContainText('取り消し（区分: 不正行為）（理由: 受験時の本人確認に不備があったため）');

  // The verifier, reading the status list again, now says revoked; so does the verification page.
  expect(await verifierSays(jwt)).toBe('revoked');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/certificates/verify/${slug}`);
  await expect(visitor.getByText('この認定証は取り消されています。')).toBeVisible();
  await expect(visitor.getByText('取り消し', { exact: true })).toBeVisible();
  await expect(visitor.getByText(/に、不正行為が確認されたため取り消されました。/)).toBeVisible();
  // The free-text reason is the learner's and the admin's, never the public's.
  await expect(visitor.getByText(/本人確認に不備/)).toHaveCount(0);

  // A verifier whose browser blocks everything but the page and its one verification answer (the
  // credential's own request, the socket, every other call) still reads 取り消し, never 有効.
  const blocked: string[] = [];
  const guarded = await (await browser.newContext()).newPage();
  await guarded.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const isApi = url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io');
    if (!isApi || url.pathname === `/api/v1/certificate-verifications/${slug}`) return route.continue();
    blocked.push(url.pathname);
    return route.abort('blockedbyclient');
  });
  await guarded.goto(`/certificates/verify/${slug}`);
  await expect(guarded.getByText('この認定証は取り消されています。')).toBeVisible();
  await expect(guarded.getByText('取り消し', { exact: true })).toBeVisible();
  await expect(guarded.getByText('この認定証は有効です。')).toHaveCount(0);
  expect(blocked).toContain(`/api/v1/certificate-verifications/${slug}/credential`);
  // The holder's own page says so too, and no longer hands out the PDF.
  await learner.reload();
  await expect(learner.getByText(/に、不正行為が確認されたため取り消されました。PDFのダウンロードはできません。/)).toBeVisible();
  await expect(learner.getByRole('link', { name: /PDF/ })).toHaveCount(0);

  expect(problems).toEqual([]);
  expect(adminProblems).toEqual([]);
});
