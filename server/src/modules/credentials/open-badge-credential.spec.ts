import { createHash } from 'node:crypto';
import { criteriaNarrativeOf, identityHashOf, newIdentitySalt, openBadgeCredentialOf } from './open-badge-credential';

const course = { slug: 'line-ads-basic', title: 'LINE広告 Basic 認定コース', summary: 'LINE広告の基礎を確かめる認定試験です。', program: 'AD', exam: { questionCount: 20, minutes: 30, passPercent: 80 } };

describe('openBadgeCredentialOf', () => {
  const input = {
    credentialId: '0b6f3c2e-8a51-4d7e-9f10-3c2b1a0d9e8f',
    subjectId: 'urn:uuid:3f1d1a64-0c1e-4b9f-8d55-61b7c0e2a9d4',
    publicOrigin: 'https://campus.example.jp',
    issuer: { did: 'did:web:campus.example.jp', name: 'マーケティング学習キャンパス', email: 'credentials@campus.example.jp' },
    email: 'learner@example.com',
    salt: 'a1b2c3',
    course,
    exam: { submittedAt: new Date('2026-04-01T02:40:00.000Z'), percent: 85 },
    validFrom: new Date('2026-04-01T03:00:00.000Z'),
    validUntil: new Date('2027-04-01T03:00:00.000Z'),
    statusListIndex: 4242,
  };
  const credential = openBadgeCredentialOf(input);

  it('is an OpenBadgeCredential of VC 2.0 with the OB 3.0 context, issued by the campus, at its public URL', () => {
    expect(credential['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.id).toBe('https://campus.example.jp/api/v1/credentials/0b6f3c2e-8a51-4d7e-9f10-3c2b1a0d9e8f');
    expect(credential.issuer).toEqual({
      id: 'did:web:campus.example.jp',
      type: ['Profile'],
      name: 'マーケティング学習キャンパス',
      url: 'https://campus.example.jp',
      image: { id: 'https://campus.example.jp/icons/icon-512.png', type: 'Image', caption: 'マーケティング学習キャンパス' },
      email: 'credentials@campus.example.jp',
    });
    expect(credential.credentialSchema).toEqual([{ id: 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json', type: 'JsonSchema' }]);
    expect(credential.description).toBe('マーケティング学習キャンパスのLINE広告 Basic認定試験に合格したことを証明するデジタル認定証です。');
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
    expect(credential.credentialSubject.achievement.image).toEqual({ id: 'https://campus.example.jp/badges/line-ads-basic.png', type: 'Image', caption: 'LINE広告 Basic 認定バッジ' });
    expect(criteriaNarrativeOf('LINE広告 Basic', null)).toBe('LINE広告 Basicの認定試験に合格すること。');
  });

  it('gives the score as the result the achievement describes, and the exam as evidence, never the answers', () => {
    expect(credential.credentialSubject.id).toBe('urn:uuid:3f1d1a64-0c1e-4b9f-8d55-61b7c0e2a9d4');
    const [description] = credential.credentialSubject.achievement.resultDescription!;
    expect(description).toEqual({
      id: 'https://campus.example.jp/lineyahoo-marketing-skill-badge/courses/line-ads-basic#score',
      type: ['ResultDescription'],
      name: '正答率',
      resultType: 'Percent',
      requiredValue: '80',
      valueMin: '0',
      valueMax: '100',
    });
    expect(credential.credentialSubject.result).toEqual([{ type: ['Result'], resultDescription: description!.id, value: '85' }]);
    expect(credential.evidence).toEqual([{ type: ['Evidence'], name: 'LINE広告 Basic 認定試験', description: '2026年4月1日に受験し、正答率85%で合格しました。' }]);
  });

  it('has neither result nor evidence for a badge carried over without an exam', () => {
    const carried = openBadgeCredentialOf({ ...input, exam: null });
    expect(carried.credentialSubject).not.toHaveProperty('result');
    expect(carried).not.toHaveProperty('evidence');
  });

  it('draws a new salt each time, so one address hashes differently in each credential', () => {
    const [first, second] = [newIdentitySalt(), newIdentitySalt()];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(identityHashOf('learner@example.com', first)).not.toBe(identityHashOf('learner@example.com', second));
  });
});
