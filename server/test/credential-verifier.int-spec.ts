import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { Client } from 'pg';
import type { Certificate } from '../src/contracts/certificates';
import type { CredentialLink, CredentialVerification } from '../src/contracts/credentials';
import { bakeCredential, unbakeCredential } from '../src/modules/credentials/badge/baked-badge';
import { PublicHttpsFetcher } from '../src/modules/credentials/queries/verify-presented-credential/public-https-fetcher';
import { documentLoaderWith } from '../src/modules/credentials/signing/json-ld-document-loader';
import { BrowserLikeClient, type Reply } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';
import { waitFor } from './support/wait-for';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };
const VERIFY = '/api/v1/credential-verifications';

const chunkOf = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const frame = Buffer.alloc(4);
  frame.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([frame, body, crc]);
};

/** A 1×1 PNG standing in for the course's badge artwork; `padding` bytes of a private ancillary chunk make it as large as wanted. */
function artworkPng(padding = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunkOf('IHDR', header),
    ...(padding > 0 ? [chunkOf('prVt', Buffer.alloc(padding, 1))] : []),
    chunkOf('IDAT', deflateSync(Buffer.from([0, 6, 199, 85]))),
    chunkOf('IEND', Buffer.alloc(0)),
  ]);
}

/** Another issuer, signing with the Digital Bazaar libraries directly: its own Ed25519 key, named by did:key. */
async function didKeyCredential(): Promise<Record<string, unknown>> {
  const keyPair = await Ed25519Multikey.fromJwk({ jwk: generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }), secretKey: true });
  const did = `did:key:${keyPair.publicKeyMultibase}`;
  keyPair.id = `${did}#${keyPair.publicKeyMultibase}`;
  keyPair.controller = did;
  const didDocument = {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: [{ id: keyPair.id, type: 'Multikey', controller: did, publicKeyMultibase: keyPair.publicKeyMultibase }],
    assertionMethod: [keyPair.id],
  };
  return vc.issue({
    credential: {
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      id: 'urn:uuid:6a1f2b3c-4d5e-4f60-8172-93a4b5c6d7e8',
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: did, type: ['Profile'], name: 'Other Academy', url: 'https://academy.example.org' },
      validFrom: new Date(Date.now() - 86_400_000).toISOString(),
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier: [{ type: 'IdentityObject', identityHash: '鈴木 一郎', identityType: 'name', hashed: false }],
        achievement: { id: 'https://academy.example.org/a/1', type: ['Achievement'], name: 'Data Basics', criteria: { narrative: '修了すること。' } },
      },
    },
    suite: new DataIntegrityProof({ signer: keyPair.signer(), cryptosuite }),
    documentLoader: documentLoaderWith(async (candidate) => (candidate === did ? didDocument : null)),
  });
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the public credential verifier (POST /api/v1/credential-verifications)', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-data-'));
  const clientDist = mkdtempSync(path.join(tmpdir(), 'campus-client-'));
  mkdirSync(path.join(clientDist, 'badges'));
  writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html lang="ja"><head><title>キャンパス</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(clientDist, 'badges', 'line-ads-basic.png'), artworkPng());
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let visitor: BrowserLikeClient;
  let link: CredentialLink;
  let json: Record<string, unknown>;
  let jwt: string;
  let png: Buffer;
  const replies: Reply[] = [];

  /** What the page sends: an XHR from the campus's own origin, no session needed. */
  const verify = async (body: unknown) => {
    const reply = await visitor.xhr('POST', VERIFY, body);
    replies.push(reply);
    return reply;
  };

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true, env: { DATA_DIR: dataDir, CLIENT_DIST_DIR: clientDist } });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    const learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    visitor = new BrowserLikeClient(campus.api.origin);

    const { examSessionId } = (await learner.xhr('POST', '/api/v1/certification-courses/line-ads-basic/exam/start/')).json();
    expect((await learner.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: await rightAnswersOf(database, examSessionId) })).status).toBe(200);
    const certificate: Certificate = await waitFor('the certificate', async () => (await learner.xhr('GET', '/api/v1/certificates/')).json().items[0]);
    link = await waitFor('the credential', async () => {
      const reply = await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`);
      return reply.status === 200 ? (reply.json() as CredentialLink) : null;
    });
    json = JSON.parse((await visitor.request(link.jsonUrl)).text);
    jwt = (await visitor.request(link.credentialUrl)).text;
    png = Buffer.from(await (await fetch(link.badgeUrl)).arrayBuffer());
    expect(unbakeCredential(png)).toBe(jwt);
  }, 120_000);
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    for (const folder of [mediaDir, `${mediaDir}-certificates`, dataDir, clientDist]) rmSync(folder, { recursive: true, force: true });
  });
  afterEach(() => {
    // Whatever was sent, the server never answers 5xx.
    expect(replies.filter((reply) => reply.status >= 500).map((reply) => `${reply.status} ${reply.text.slice(0, 200)}`)).toEqual([]);
  });

  it('verifies the campus’s credential in its three forms — JSON, JWT, baked badge — making no outbound request', async () => {
    // The only ways the API process could go out: the guarded fetcher, and node's http(s) clients under it.
    const outbound = [
      jest.spyOn(PublicHttpsFetcher.prototype, 'get'),
      jest.spyOn(https, 'request'),
      jest.spyOn(https, 'get'),
      jest.spyOn(http, 'request'),
      jest.spyOn(http, 'get'),
    ];
    try {
      for (const [body, format] of [
        [{ credential: JSON.stringify(json) }, 'data-integrity'],
        [{ credential: jwt }, 'jwt'],
        [{ png: png.toString('base64') }, 'jwt'],
      ] as const) {
        const reply = await verify(body);
        expect(reply.status).toBe(200);
        expect(reply.headers.get('cache-control')).toBe('no-store');
        expect(reply.json<CredentialVerification>()).toMatchObject({
          signature: 'valid',
          reasons: [],
          issuer: { id: `did:web:${new URL(campus.api.origin).host.replace(':', '%3A')}`, isThisCampus: true },
          subject: { name: null },
          achievementName: 'LINE広告 Basic',
          validFrom: link.validFrom,
          validUntil: link.validUntil,
          status: 'valid',
          format,
          credential: { id: json.id },
        });
      }
      for (const spy of outbound) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of outbound) spy.mockRestore();
    }
  });

  it('reads a badge image larger than the API’s usual 1 MB body once base64-encoded; refuses one over 1 MB with 413 and the field', async () => {
    const large = bakeCredential(artworkPng(900 * 1024), jwt);
    expect(large.toString('base64').length).toBeGreaterThan(1024 * 1024);
    expect((await verify({ png: large.toString('base64') })).json()).toMatchObject({ signature: 'valid' });
    const tooLarge = await verify({ png: bakeCredential(artworkPng(1024 * 1024), jwt).toString('base64') });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'ファイルが大きすぎます（1MBまで）', status: 413, code: 'PAYLOAD_TOO_LARGE', field: 'png' });
  });

  it('answers a tampered JSON or JWT with 200, signature invalid and the reason in Japanese', async () => {
    const tampered = structuredClone(json) as { credentialSubject: { achievement: { name: string } } };
    tampered.credentialSubject.achievement.name = 'LINE広告 Expert';
    const [header, payload, signature] = jwt.split('.');
    const forgedPayload = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), validUntil: '2099-12-31T00:00:00.000Z' };
    for (const credential of [JSON.stringify(tampered), `${header}.${b64(forgedPayload)}.${signature}`]) {
      const reply = await verify({ credential });
      expect(reply.status).toBe(200);
      expect(reply.json()).toMatchObject({ signature: 'invalid', status: 'unknown', reasons: [expect.stringContaining('署名が内容と一致しません')] });
    }
  });

  it('reports the revocation an admin recorded, from the campus’s own table', async () => {
    await database.query(`update open_badge_credentials set revoked_at = '2026-05-01T00:00:00Z', revocation_category = 'issued-in-error' where id = $1`, [link.credentialId]);
    try {
      expect((await verify({ credential: jwt })).json()).toMatchObject({ signature: 'valid', status: 'revoked', revokedAt: '2026-05-01T00:00:00.000Z', revocationCategory: 'issued-in-error' });
    } finally {
      await database.query('update open_badge_credentials set revoked_at = null, revocation_category = null where id = $1', [link.credentialId]);
    }
  });

  it('verifies another issuer’s credential signed with did:key, with the holder name it carries', async () => {
    const reply = await verify({ credential: JSON.stringify(await didKeyCredential()) });
    expect(reply.status).toBe(200);
    expect(reply.json()).toMatchObject({
      signature: 'valid',
      issuer: { id: expect.stringMatching(/^did:key:z6Mk/), name: 'Other Academy', url: 'https://academy.example.org', isThisCampus: false },
      subject: { name: '鈴木 一郎' },
      achievementName: 'Data Basics',
      status: 'valid',
    });
  });

  it('answers an unsupported DID method (did:example) with 200 invalid, naming it', async () => {
    const credential = { ...json, issuer: { id: 'did:example:123', name: 'Example' }, proof: { ...(json.proof as object), verificationMethod: 'did:example:123#key-1' } };
    const reply = await verify({ credential: JSON.stringify(credential) });
    expect(reply.status).toBe(200);
    expect(reply.json()).toMatchObject({ signature: 'invalid', issuer: { id: 'did:example:123', isThisCampus: false }, reasons: [expect.stringContaining('対応していないDIDメソッドです（did:example）')] });
  });

  it.each([
    ['text that is not JSON', () => ({ credential: 'これは認定証ではありません' }), 'credential', '認定証のJSONでもJWTでもありません'],
    ['a JWT with alg: none', () => ({ credential: `${b64({ alg: 'none', typ: 'vc+jwt' })}.${jwt.split('.')[1]}.` }), 'credential', '署名のないJWT（alg: none）は受け付けられません'],
    ['JSON without a proof', () => ({ credential: JSON.stringify({ ...json, proof: undefined }) }), 'credential', '署名（proof）がありません。署名付きの認定証を指定してください'],
    ['both fields', () => ({ credential: jwt, png: png.toString('base64') }), 'credential', 'credential: 認定証の文字列（credential）かバッジ画像（png）のどちらか一方を指定してください'],
    ['png that is not base64', () => ({ png: '%%%' }), 'png', 'png: png は base64 の文字列で指定してください'],
  ])('refuses %s with a 400 envelope naming the field', async (_case, body, field, message) => {
    const reply = await verify(body());
    expect(reply.status).toBe(400);
    expect(reply.json()).toEqual({ message, status: 400, code: 'VALIDATION_FAILED', field });
  });

  it('refuses a 5 MB body with 413 before reading it', async () => {
    const reply = await verify({ credential: 'a'.repeat(5 * 1024 * 1024) });
    expect(reply.status).toBe(413);
    expect(reply.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('is a write like any other: no X-Requested-With, 403', async () => {
    const reply = await visitor.request(VERIFY, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ credential: jwt }) });
    replies.push(reply);
    expect(reply.status).toBe(403);
  });
});
