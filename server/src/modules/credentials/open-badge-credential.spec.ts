import { createHash } from 'node:crypto';
import { criteriaNarrativeOf, identityHashOf, newIdentitySalt, openBadgeCredentialOf } from './open-badge-credential';

const course = { slug: 'line-ads-basic', title: 'LINE広告 Basic 認定コース', summary: 'LINE広告の基礎を確かめる認定試験です。', program: 'AD', exam: { questionCount: 20, minutes: 30, passPercent: 80 } };

describe('openBadgeCredentialOf', () => {
  const credential = openBadgeCredentialOf({
    credentialId: '0b6f3c2e-8a51-4d7e-9f10-3c2b1a0d9e8f',
    publicOrigin: 'https://campus.example.jp',
    issuer: { did: 'did:web:campus.example.jp', name: 'マーケティング学習キャンパス' },
    email: 'learner@example.com',
    salt: 'a1b2c3',
    course,
    validFrom: new Date('2026-04-01T03:00:00.000Z'),
    validUntil: new Date('2027-04-01T03:00:00.000Z'),
    statusListIndex: 4242,
  });

  it('is an OpenBadgeCredential of VC 2.0 with the OB 3.0 context, issued by the campus, at its public URL', () => {
    expect(credential['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.id).toBe('https://campus.example.jp/api/v1/credentials/0b6f3c2e-8a51-4d7e-9f10-3c2b1a0d9e8f');
    expect(credential.issuer).toEqual({ id: 'did:web:campus.example.jp', type: ['Profile'], name: 'マーケティング学習キャンパス', url: 'https://campus.example.jp' });
    expect([credential.validFrom, credential.validUntil]).toEqual(['2026-04-01T03:00:00.000Z', '2027-04-01T03:00:00.000Z']);
  });

  it('points at its revocation bit in the campus status list', () => {
    expect(credential.credentialStatus).toEqual({
      id: 'https://campus.example.jp/api/v1/credentials/status/1#4242',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '4242',
      statusListCredential: 'https://campus.example.jp/api/v1/credentials/status/1',
    });
  });

  it('names the learner only by a salted SHA-256 of the e-mail address', () => {
    expect(credential.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(credential.credentialSubject.identifier).toEqual([
      { type: 'IdentityObject', identityHash: `sha256$${createHash('sha256').update('learner@example.coma1b2c3').digest('hex')}`, identityType: 'emailAddress', hashed: true, salt: 'a1b2c3' },
    ]);
    expect(JSON.stringify(credential)).not.toContain('learner@example.com');
  });

  it('describes the course as its Achievement, in Japanese', () => {
    expect(credential.credentialSubject.achievement).toMatchObject({
      id: 'https://campus.example.jp/lineyahoo-marketing-skill-badge/courses/line-ads-basic',
      type: ['Achievement'],
      name: 'LINE広告 Basic',
      description: 'LINE広告の基礎を確かめる認定試験です。',
      criteria: { narrative: 'LINE広告 Basicの認定試験（20問・制限時間30分）に、正答率80%以上で合格すること。' },
    });
    expect(criteriaNarrativeOf('LINE広告 Basic', null)).toBe('LINE広告 Basicの認定試験に合格すること。');
  });

  it('draws a new salt each time, so one address hashes differently in each credential', () => {
    const [first, second] = [newIdentitySalt(), newIdentitySalt()];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(identityHashOf('learner@example.com', first)).not.toBe(identityHashOf('learner@example.com', second));
  });
});
