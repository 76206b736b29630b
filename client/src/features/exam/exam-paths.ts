import { SKILL_BADGE_NAME } from '@campus/contracts/page-names';

/** Where the exam's pages live (spec §2). */
export const BADGE_PATH = '/lineyahoo-marketing-skill-badge';
/** The skill badge area's name, in its headings and breadcrumbs: the one the server titles the area's HTML with. */
export const BADGE_TITLE = SKILL_BADGE_NAME;

export const coursePath = (courseSlug: string) => `${BADGE_PATH}/courses/${courseSlug}/`;
export const examPolicyPath = (courseSlug: string) => `${BADGE_PATH}/courses/${courseSlug}/exam-policy`;
export const examPath = (courseSlug: string) => `${BADGE_PATH}/courses/${courseSlug}/exam`;
/** The result page; with the session just finished, it waits until that session is graded. */
export const examResultPath = (courseSlug: string, examSessionId?: string) =>
  `${BADGE_PATH}/courses/${courseSlug}/exam-result${examSessionId ? `?session=${encodeURIComponent(examSessionId)}` : ''}`;
