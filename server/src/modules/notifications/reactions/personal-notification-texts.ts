import { formatJapaneseDate } from '../../../contracts/tokyo-date.js';

export interface PersonalNotificationText {
  kind: 'exam-passed' | 'exam-failed' | 'certificate-issued' | 'badge-expiring' | 'credential-revoked' | 'credential-restored';
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
    body: `マイページの認定証から PDF をダウンロードできます。有効期限は ${formatJapaneseDate(input.expiresAt)} です。`,
    link: `/mypage/certificates/${input.certificateSlug}`,
  };
}

/** What a learner is told 30 days (or less) before a skill badge of theirs expires. */
export function badgeExpiringText(input: { courseSlug: string; courseLabel: string; expiresAt: Date }): PersonalNotificationText {
  return {
    kind: 'badge-expiring',
    title: `「${input.courseLabel}」のスキルバッジの有効期限が近づいています`,
    body: `スキルバッジの有効期限は ${formatJapaneseDate(input.expiresAt)} です。コースページから更新受験ができます。合格すると有効期限が延長され、新しい認定証が発行されます。`,
    link: `/lineyahoo-marketing-skill-badge/courses/${input.courseSlug}`,
  };
}

/** What a learner is told when an admin revokes the digital credential of a certificate, or undoes that. */
export function credentialRevocationText(input: { courseLabel: string; certificateSlug: string; revoked: boolean; reason: string }): PersonalNotificationText {
  const link = `/mypage/certificates/${input.certificateSlug}`;
  if (input.revoked) {
    return {
      kind: 'credential-revoked',
      title: `「${input.courseLabel}」のデジタル認定証が取り消されました`,
      body: `認定証番号 ${input.certificateSlug} のデジタル認定証（Open Badges）を取り消しました。確認用ページでも「取り消し」と表示されます。理由: ${input.reason}`,
      link,
    };
  }
  return {
    kind: 'credential-restored',
    title: `「${input.courseLabel}」のデジタル認定証の取り消しを解除しました`,
    body: `認定証番号 ${input.certificateSlug} のデジタル認定証（Open Badges）は、再び有効期限まで有効です。理由: ${input.reason}`,
    link,
  };
}
