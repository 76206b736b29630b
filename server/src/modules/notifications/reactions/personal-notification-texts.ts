import { japaneseDate } from '../../../common/dates/japanese-date.js';

export interface PersonalNotificationText {
  kind: 'exam-passed' | 'exam-failed' | 'certificate-issued' | 'badge-expiring';
  title: string;
  body: string;
  link: string;
}

const examResultLink = (courseSlug: string) => `/lineyahoo-marketing-skill-badge/courses/${courseSlug}/exam-result`;

/** What a learner is told when an exam of theirs has been graded. */
export function examGradedText(input: { courseSlug: string; courseLabel: string; passed: boolean; percent: number; passPercent: number | null }): PersonalNotificationText {
  if (input.passed) {
    return {
      kind: 'exam-passed',
      title: `「${input.courseLabel}」の認定試験に合格しました`,
      body: `おめでとうございます。正答率 ${input.percent}% で合格し、スキルバッジを獲得しました。結果ページで分野ごとの成績を確認できます。`,
      link: examResultLink(input.courseSlug),
    };
  }
  const needed = input.passPercent === null ? '' : `合格には ${input.passPercent}% 以上の正答が必要です。`;
  return {
    kind: 'exam-failed',
    title: `「${input.courseLabel}」の認定試験の結果が出ました`,
    body: `今回の正答率は ${input.percent}% でした。${needed}結果ページで分野ごとの成績と次に受験できる日時を確認し、次の挑戦に備えましょう。`,
    link: examResultLink(input.courseSlug),
  };
}

/** What a learner is told when their certificate is ready. */
export function certificateIssuedText(input: { courseLabel: string; certificateSlug: string; expiresAt: Date }): PersonalNotificationText {
  return {
    kind: 'certificate-issued',
    title: `「${input.courseLabel}」の認定証を発行しました`,
    body: `マイページの認定証から PDF をダウンロードできます。有効期限は ${japaneseDate(input.expiresAt)} です。`,
    link: `/mypage/certificates/${input.certificateSlug}`,
  };
}

/** What a learner is told 30 days (or less) before a skill badge of theirs expires. */
export function badgeExpiringText(input: { courseSlug: string; courseLabel: string; expiresAt: Date }): PersonalNotificationText {
  return {
    kind: 'badge-expiring',
    title: `「${input.courseLabel}」のスキルバッジの有効期限が近づいています`,
    body: `スキルバッジの有効期限は ${japaneseDate(input.expiresAt)} です。引き続きバッジを保有するには、有効期限が切れる前にコースページから認定試験を受験してください。`,
    link: `/lineyahoo-marketing-skill-badge/courses/${input.courseSlug}`,
  };
}
