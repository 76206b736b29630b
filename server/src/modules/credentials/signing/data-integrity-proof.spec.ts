import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../../config/config';
import { openBadgeCredentialOf } from '../open-badge-credential';
import { statusListCredentialOf } from '../status-list/bitstring-status-list';
import { CredentialSigningKey } from './credential-signing-key';
import { signWithDataIntegrity, verifyDataIntegrity } from './data-integrity-proof';
import { type DidDocument, documentLoaderWith, DocumentNotLoadedError } from './json-ld-document-loader';
import { blockOutboundNetwork } from '../../../testing/block-outbound-network';

describe('Data Integrity proofs (eddsa-rdfc-2022), made and checked offline', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-di-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const signingKey = new CredentialSigningKey(parseConfig({ PUBLIC_URL: 'https://campus.example.jp', DATA_DIR: dataDir }));
  const ownDid = async (did: string) => ((await signingKey.didDocument()).id === did ? ((await signingKey.didDocument()) as DidDocument) : null);

  it('signs and verifies a badge and the status list with outbound HTTP blocked: every context comes from the packages', async () => {
    const key = await signingKey.issuerKey();
    const badge = openBadgeCredentialOf({
      credentialId: '0b6f3c2e-8a51-4d7e-9f10-3c2b1a0d9e8f',
      subjectId: 'urn:uuid:3f1d1a64-0c1e-4b9f-8d55-61b7c0e2a9d4',
      publicOrigin: 'https://campus.example.jp',
      issuer: { did: key.did, name: 'マーケティング学習キャンパス', email: 'credentials@campus.example.jp' },
      email: 'learner@example.com',
      salt: 'a1b2c3',
      course: { slug: 'line-ads-basic', title: 'LINE広告 Basic', summary: '概要', program: 'AD', exam: { questionCount: 20, minutes: 30, passPercent: 80 } },
      exam: { submittedAt: new Date('2026-04-01T02:40:00.000Z'), percent: 90 },
      validFrom: new Date('2026-04-01T03:00:00.000Z'),
      validUntil: new Date('2099-04-01T03:00:00.000Z'),
      statusListIndex: 7,
    });
    const list = statusListCredentialOf({ publicOrigin: 'https://campus.example.jp', issuerDid: key.did, revokedPositions: [7], now: new Date() });
    const network = blockOutboundNetwork();
    try {
      for (const credential of [badge, list]) {
        const signed = await signWithDataIntegrity(credential, key, new Date('2026-04-01T03:00:00.000Z'));
        expect(signed.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', verificationMethod: key.multikey.id, proofPurpose: 'assertionMethod' });
        expect(await verifyDataIntegrity(signed, ownDid)).toEqual({ verified: true, errors: [] });
        // The same moment, the same bytes: a credential signed again when served never differs.
        expect(await signWithDataIntegrity(credential, key, new Date('2026-04-01T03:00:00.000Z'))).toEqual(signed);
        const tampered = { ...signed, validUntil: '2199-01-01T00:00:00.000Z' };
        expect((await verifyDataIntegrity(tampered, ownDid)).verified).toBe(false);
      }
    } finally {
      network.restore();
    }
    expect(network.attempts).toEqual([]);
  });

  it('refuses, rather than fetches, a context or a DID it does not hold', async () => {
    const loader = documentLoaderWith(async () => null);
    await expect(loader('https://www.w3.org/ns/credentials/v2')).resolves.toMatchObject({ documentUrl: 'https://www.w3.org/ns/credentials/v2' });
    await expect(loader('https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json')).resolves.toBeDefined();
    await expect(loader('https://example.com/evil-context.json')).rejects.toBeInstanceOf(DocumentNotLoadedError);
    await expect(loader('did:web:elsewhere.example#key-1')).rejects.toBeInstanceOf(DocumentNotLoadedError);
    const key = await signingKey.issuerKey();
    const signed = await signWithDataIntegrity({ '@context': ['https://www.w3.org/ns/credentials/v2', 'https://example.com/evil-context.json'], type: ['VerifiableCredential'], issuer: key.did, credentialSubject: { id: 'urn:uuid:1' } }, key, new Date()).catch((error: unknown) => error);
    expect(signed).toBeInstanceOf(Error);
  });
});
