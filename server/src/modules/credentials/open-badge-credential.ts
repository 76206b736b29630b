import { createHash, randomBytes } from 'node:crypto';
import { badgeArtworkNameOf, certificationLabelOf } from '../../contracts/catalogue-slugs.js';
import { coursePath } from '../../contracts/course-path.js';
import { getCredential } from '../../contracts/routes/credentials.js';
import { formatJapaneseDate } from '../../contracts/tokyo-date.js';
import { credentialStatusOf } from './status-list/bitstring-status-list.js';

export const OPEN_BADGE_CONTEXTS = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'] as const;

/** `sha256$` and the hex SHA-256 of the identity followed by its salt: OB 3.0's hashed IdentityObject. */
export const identityHashOf = (identity: string, salt: string): string => `sha256$${createHash('sha256').update(identity + salt).digest('hex')}`;

/** A salt of its own per credential, so the same address hashes differently in each one. */
export const newIdentitySalt = (): string => randomBytes(16).toString('hex');

export const credentialUrlOf = (publicOrigin: string, credentialId: string): string => `${publicOrigin}${getCredential.path.replace(':credentialId', credentialId)}`;

/**
 * The official JSON schema of an Open Badges 3.0 AchievementCredential, named by every credential
 * (`credentialSchema`). Typed `JsonSchema` (VC 2.0's own term): 1EdTech's `1EdTechJsonSchemaValidator2019`
 * is in no JSON-LD context the credential names, and an undefined type fails canonicalisation's safe mode.
 */
export const OPEN_BADGE_CREDENTIAL_SCHEMA = {
  id: 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json',
  type: 'JsonSchema',
} as const;

export interface CredentialCourse {
  slug: string;
  title: string;
  summary: string;
  program: string;
  exam: { questionCount: number; minutes: number; passPercent: number } | null;
}

export interface CredentialIssuer {
  did: string;
  name: string;
  /** A contact address for verifiers (CREDENTIAL_ISSUER_EMAIL). */
  email: string;
}

export interface CredentialInput {
  credentialId: string;
  /** `urn:uuid:…` of its own: the JWT's `sub`, and nothing a verifier could link to the learner elsewhere. */
  subjectId: string;
  publicOrigin: string;
  issuer: CredentialIssuer;
  /** The address the learner is identified by (hashed, never written in clear). */
  email: string;
  salt: string;
  course: CredentialCourse;
  /** The passed exam: its date and score (null for a badge carried over from Cloud Campus). */
  exam: { submittedAt: Date; percent: number } | null;
  validFrom: Date;
  validUntil: Date;
  statusListIndex: number;
}

/** What passing means, in the learner's language: the exam's own numbers. */
export function criteriaNarrativeOf(label: string, exam: CredentialCourse['exam']): string {
  if (!exam) return `${label}の認定試験に合格すること。`;
  return `${label}の認定試験（${exam.questionCount}問・制限時間${exam.minutes}分）に、正答率${exam.passPercent}%以上で合格すること。`;
}

/** The badge artwork the pages show (512 px PNG, drawn into the built client), by its public URL. */
export const badgeImageUrlOf = (publicOrigin: string, courseSlug: string): string => `${publicOrigin}/badges/${badgeArtworkNameOf(courseSlug)}.png`;

/** The campus as an Open Badges `Profile`: the issuer of every credential and the creator of every achievement. */
function issuerProfileOf(issuer: CredentialIssuer, publicOrigin: string) {
  return {
    id: issuer.did,
    type: ['Profile'],
    name: issuer.name,
    url: publicOrigin,
    image: { id: `${publicOrigin}/icons/icon-512.png`, type: 'Image', caption: issuer.name },
    email: issuer.email,
  };
}

/**
 * The `OpenBadgeCredential` of one badge (VC Data Model 2.0 with the OB 3.0 context): the campus as
 * issuer, the course as the Achievement with its artwork and the score it asks, the learner only as a
 * salted hash of their e-mail address, the exam passed as evidence and its score as the result (never
 * the answers).
 */
export function openBadgeCredentialOf(input: CredentialInput) {
  const { course, publicOrigin } = input;
  const label = certificationLabelOf(course.slug, course.title);
  const achievementId = `${publicOrigin}${coursePath('certification', course.program, course.slug)}`;
  const scoreId = `${achievementId}#score`;
  const issuer = issuerProfileOf(input.issuer, publicOrigin);
  const scored = course.exam && input.exam;
  return {
    '@context': [...OPEN_BADGE_CONTEXTS],
    id: credentialUrlOf(publicOrigin, input.credentialId),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${label} 認定バッジ`,
    description: `${input.issuer.name}の${label}認定試験に合格したことを証明するデジタル認定証です。`,
    issuer,
    validFrom: input.validFrom.toISOString(),
    validUntil: input.validUntil.toISOString(),
    credentialSchema: [OPEN_BADGE_CREDENTIAL_SCHEMA],
    credentialStatus: credentialStatusOf(publicOrigin, input.statusListIndex),
    credentialSubject: {
      id: input.subjectId,
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: identityHashOf(input.email, input.salt), identityType: 'emailAddress', hashed: true, salt: input.salt }],
      achievement: {
        // The course page: one Achievement per certification course, the same in every learner's credential.
        id: achievementId,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: label,
        description: course.summary,
        criteria: { narrative: criteriaNarrativeOf(label, course.exam) },
        image: { id: badgeImageUrlOf(publicOrigin, course.slug), type: 'Image', caption: `${label} 認定バッジ` },
        inLanguage: 'ja',
        creator: issuer,
        ...(course.exam
          ? {
              resultDescription: [
                {
                  id: scoreId,
                  type: ['ResultDescription'],
                  name: '正答率',
                  resultType: 'Percent',
                  requiredValue: String(course.exam.passPercent),
                  valueMin: '0',
                  valueMax: '100',
                },
              ],
            }
          : {}),
      },
      ...(scored ? { result: [{ type: ['Result'], resultDescription: scoreId, value: String(input.exam!.percent) }] } : {}),
    },
    ...(input.exam
      ? {
          evidence: [
            {
              type: ['Evidence'],
              name: `${label} 認定試験`,
              description: `${formatJapaneseDate(input.exam.submittedAt)}に受験し、正答率${input.exam.percent}%で合格しました。`,
            },
          ],
        }
      : {}),
  };
}

export type OpenBadgeCredential = ReturnType<typeof openBadgeCredentialOf>;
