import { createHash, randomBytes } from 'node:crypto';
import { CERTIFICATION_COURSES, type CertificationSlug } from '../../contracts/catalogue-slugs.js';
import { coursePath } from '../../contracts/course-path.js';
import { getCredential } from '../../contracts/routes/credentials.js';
import { credentialStatusOf } from './status-list/bitstring-status-list.js';

export const OPEN_BADGE_CONTEXTS = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'] as const;

/** `sha256$` and the hex SHA-256 of the identity followed by its salt: OB 3.0's hashed IdentityObject. */
export const identityHashOf = (identity: string, salt: string): string => `sha256$${createHash('sha256').update(identity + salt).digest('hex')}`;

/** A salt of its own per credential, so the same address hashes differently in each one. */
export const newIdentitySalt = (): string => randomBytes(16).toString('hex');

export const credentialUrlOf = (publicOrigin: string, credentialId: string): string => `${publicOrigin}${getCredential.path.replace(':credentialId', credentialId)}`;

export interface CredentialCourse {
  slug: string;
  title: string;
  summary: string;
  program: string;
  exam: { questionCount: number; minutes: number; passPercent: number } | null;
}

export interface CredentialInput {
  credentialId: string;
  publicOrigin: string;
  issuer: { did: string; name: string };
  /** The address the learner is identified by (hashed, never written in clear). */
  email: string;
  salt: string;
  course: CredentialCourse;
  validFrom: Date;
  validUntil: Date;
  statusListIndex: number;
}

/** What passing means, in the learner's language: the exam's own numbers. */
export function criteriaNarrativeOf(label: string, exam: CredentialCourse['exam']): string {
  if (!exam) return `${label}の認定試験に合格すること。`;
  return `${label}の認定試験（${exam.questionCount}問・制限時間${exam.minutes}分）に、正答率${exam.passPercent}%以上で合格すること。`;
}

/**
 * The `OpenBadgeCredential` of one badge (VC Data Model 2.0 with the OB 3.0 context): the campus as
 * issuer, the course as the Achievement, the learner only as a salted hash of their e-mail address.
 */
export function openBadgeCredentialOf(input: CredentialInput) {
  const { course, publicOrigin } = input;
  const label = CERTIFICATION_COURSES[course.slug as CertificationSlug]?.label ?? course.title;
  return {
    '@context': [...OPEN_BADGE_CONTEXTS],
    id: credentialUrlOf(publicOrigin, input.credentialId),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${label} 認定バッジ`,
    issuer: { id: input.issuer.did, type: ['Profile'], name: input.issuer.name, url: publicOrigin },
    validFrom: input.validFrom.toISOString(),
    validUntil: input.validUntil.toISOString(),
    credentialStatus: credentialStatusOf(publicOrigin, input.statusListIndex),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: identityHashOf(input.email, input.salt), identityType: 'emailAddress', hashed: true, salt: input.salt }],
      achievement: {
        // The course page: one Achievement per certification course, the same in every learner's credential.
        id: `${publicOrigin}${coursePath('certification', course.program, course.slug)}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: label,
        description: course.summary,
        criteria: { narrative: criteriaNarrativeOf(label, course.exam) },
        inLanguage: 'ja',
        creator: { id: input.issuer.did, type: ['Profile'], name: input.issuer.name, url: publicOrigin },
      },
    },
  };
}
