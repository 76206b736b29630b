import type { AdminEventType, AdminEventView } from '@campus/contracts/admin-events';
import { ADDRESS_CONFIRMATION_LABEL, MAIL_KIND_LABELS, type MailKind } from '@campus/contracts/mail-kinds';
import { formatJapaneseDate, formatJapaneseDateTime } from '@campus/contracts/tokyo-date';

/**
 * What each event type is called on the admin console (every one of ADMIN_EVENT_TYPES: the compiler
 * holds them together). The log keeps the English names: the filter sends them, the row's details show them.
 */
export const EVENT_TYPE_LABELS: Readonly<Record<AdminEventType, string>> = {
  AdminMessageSent: '管理者メッセージ送信',
  AgreementAccepted: '利用規約に同意',
  AnnouncementEdited: 'お知らせ編集',
  AnnouncementPublished: 'お知らせ公開',
  AnnouncementUnpublished: 'お知らせ取り下げ',
  AnnouncementsRead: 'お知らせ既読',
  AnswerSaved: '解答保存',
  BadgeAwarded: 'バッジ授与',
  BadgeExpiryReminded: 'バッジ期限のお知らせ',
  CertificateIssued: '認定証発行',
  CloudCampusBadgesMigrated: 'Cloud Campus のバッジ移行',
  CloudCampusMigrationOffered: 'Cloud Campus の記録の移行待ち',
  ContentPackImported: 'コンテンツ取り込み',
  CourseDraftSaved: 'コース下書き保存',
  ExamBlueprintUpdated: '出題設計の変更',
  QuestionDrafted: '問題の下書き',
  QuestionPublished: '問題の公開',
  QuestionRetired: '問題の廃止',
  QuestionSubmittedForReview: '問題のレビュー依頼',
  CoursePublished: 'コース公開',
  CourseUnpublished: 'コース非公開',
  CourseCompleted: 'コース修了',
  CourseFavoriteSet: 'お気に入り設定',
  CourseFeedbackGiven: 'コース評価',
  CourseVisited: 'コース閲覧',
  ExamAccommodationGranted: '試験時間延長の設定',
  ExamAccommodationWithdrawn: '試験時間延長の取り消し',
  ExamExpired: '試験時間切れ',
  ExamGraded: '試験採点',
  ExamStarted: '試験開始',
  ExamSubmitted: '試験提出',
  LegacyBadgeImportRequested: '旧バッジ CSV 取り込み依頼',
  LegacyBadgesImported: '旧バッジ取り込み',
  LessonCompleted: 'レッスン完了',
  LessonQuestionnaireAnswered: 'レッスンアンケート回答',
  MailAddressConfirmed: 'メールアドレスの確認',
  MailPreferencesChanged: 'メール通知の設定変更',
  MailSent: 'メール送信',
  MailUnsubscribed: 'メールの配信停止',
  NotificationCreated: '個人通知作成',
  NotificationsRead: '個人通知既読',
  OpenBadgeCredentialIssued: 'デジタル認定証発行',
  OpenBadgeCredentialRestored: 'デジタル認定証の取り消し解除',
  OpenBadgeCredentialRevoked: 'デジタル認定証の取り消し',
  OpenBadgeCredentialSuperseded: 'デジタル認定証の更新による置き換え',
  ProfileUpdated: 'プロフィール更新',
  UserRegistered: '利用者登録',
  VerifiedEmailChanged: '確認済みメールアドレス変更',
};

/** A type this build does not know yet (a newer server) is shown as it is named. */
export const eventTypeLabel = (type: string): string => (EVENT_TYPE_LABELS as Readonly<Record<string, string>>)[type] ?? type;

type Data = Readonly<Record<string, unknown>>;

// Events written before a field existed lack it: every reader answers null for a missing or odd value.
const text = (data: Data, key: string) => (typeof data[key] === 'string' && data[key] !== '' ? data[key] : null);
const number = (data: Data, key: string) => (typeof data[key] === 'number' ? data[key] : null);
const lengthOf = (data: Data, key: string) => (Array.isArray(data[key]) ? data[key].length : null);
const quoted = (value: string | null) => (value ? `「${value}」` : null);
const dayOf = (data: Data, key: string) => (text(data, key) ? formatJapaneseDate(text(data, key)!) || null : null);
const momentOf = (data: Data, key: string) => (text(data, key) ? formatJapaneseDateTime(text(data, key)!) || null : null);
const mailKindLabel = (kind: string | null) => (kind === 'address' ? ADDRESS_CONFIRMATION_LABEL : kind && kind in MAIL_KIND_LABELS ? MAIL_KIND_LABELS[kind as MailKind] : kind);
const labelled = (label: string, value: string | number | null) => (value === null ? null : `${label} ${value}`);
const counted = (value: number | null, unit: string) => (value === null ? null : `${value} ${unit}`);
const fullName = (data: Data) => [text(data, 'lastName'), text(data, 'firstName')].filter(Boolean).join(' ') || null;

/** The parts of each type's summary line; a type with nothing to add to its name has none. */
const SUMMARIES: Readonly<Partial<Record<AdminEventType, (data: Data) => (string | null | false)[]>>> = {
  AdminMessageSent: (data) => [quoted(text(data, 'title')), counted(number(data, 'recipientCount'), '人に送信')],
  AgreementAccepted: (data) => [labelled('規約', text(data, 'termsVersion')), data.migratedFromCloudCampus === true && 'Cloud Campus から移行'],
  AnnouncementEdited: (data) => [quoted(text(data, 'title')), text(data, 'rescheduledFrom') !== null && labelled('公開日時を変更:', momentOf(data, 'publishAt'))],
  AnnouncementPublished: (data) => [quoted(text(data, 'title')), labelled('公開', momentOf(data, 'publishAt'))],
  AnnouncementsRead: (data) => [counted(lengthOf(data, 'announcementIds'), '件')],
  AnswerSaved: (data) => [counted(lengthOf(data, 'choiceIds'), '個の選択肢を選択')],
  BadgeAwarded: (data) => [labelled('有効期限', dayOf(data, 'expiresAt')), text(data, 'renewedExpiresAt') !== null && '更新'],
  BadgeExpiryReminded: (data) => [labelled('有効期限', dayOf(data, 'expiresAt'))],
  CertificateIssued: (data) => [text(data, 'courseSlug'), labelled('有効期限', dayOf(data, 'expiresAt'))],
  CloudCampusBadgesMigrated: (data) => [counted(lengthOf(data, 'badges'), '件のバッジ')],
  CloudCampusMigrationOffered: (data) => [counted(lengthOf(data, 'courseSlugs'), 'コース分')],
  ContentPackImported: (data) => [labelled('追加', number(data, 'created')), labelled('更新', number(data, 'updated')), labelled('削除', number(data, 'removed'))],
  CourseCompleted: (data) => [text(data, 'courseSlug')],
  CourseDraftSaved: (data) => [quoted(text(data, 'title')), labelled('下書き', number(data, 'draftVersion'))],
  CoursePublished: (data) => [quoted(text(data, 'title')), counted(number(data, 'lessonCount'), 'レッスン')],
  CourseUnpublished: (data) => [quoted(text(data, 'title'))],
  ExamBlueprintUpdated: (data) => [text(data, 'courseSlug'), counted(number(data, 'questionCount'), '問'), counted(number(data, 'minutes'), '分')],
  QuestionDrafted: (data) => [text(data, 'courseSlug'), text(data, 'questionId'), labelled('版', number(data, 'version'))],
  QuestionPublished: (data) => [text(data, 'courseSlug'), text(data, 'questionId'), labelled('版', number(data, 'version'))],
  QuestionRetired: (data) => [text(data, 'courseSlug'), text(data, 'questionId')],
  QuestionSubmittedForReview: (data) => [text(data, 'courseSlug'), text(data, 'questionId'), labelled('版', number(data, 'version'))],
  CourseFavoriteSet: (data) => [text(data, 'slug'), typeof data.value === 'boolean' && (data.value ? '追加' : '解除')],
  CourseFeedbackGiven: (data) => [labelled('評価', number(data, 'score'))],
  CourseVisited: (data) => [text(data, 'slug')],
  ExamAccommodationGranted: (data) => [
    number(data, 'extraMinutes') !== null && `+${number(data, 'extraMinutes')} 分`,
    number(data, 'extraPercent') !== null && `+${number(data, 'extraPercent')}%`,
    dayOf(data, 'endsOn') !== null && `${dayOf(data, 'endsOn')}まで`,
  ],
  ExamExpired: (data) => [labelled('解答', counted(number(data, 'answeredCount'), '問'))],
  ExamGraded: (data) => [
    typeof data.passed === 'boolean' && (data.passed ? '合格' : '不合格'),
    number(data, 'percent') !== null && `${number(data, 'percent')}%`,
    number(data, 'correct') !== null && number(data, 'total') !== null && `${number(data, 'correct')}/${number(data, 'total')} 問正解`,
  ],
  ExamStarted: (data) => [text(data, 'courseSlug'), counted(lengthOf(data, 'questionIds'), '問'), (number(data, 'extraMinutes') ?? 0) > 0 && `延長 ${number(data, 'extraMinutes')} 分`],
  ExamSubmitted: (data) => [labelled('解答', counted(number(data, 'answeredCount'), '問'))],
  LegacyBadgeImportRequested: (data) => [text(data, 'fileName')],
  LegacyBadgesImported: (data) => [labelled('取り込み', number(data, 'imported')), labelled('変更なし', number(data, 'unchanged')), labelled('取り込めず', number(data, 'rejected'))],
  LessonCompleted: (data) => [[text(data, 'courseSlug'), text(data, 'lessonSlug')].filter(Boolean).join(' / ') || null],
  LessonQuestionnaireAnswered: (data) => [text(data, 'lessonSlug'), typeof data.useful === 'boolean' && (data.useful ? '役に立った' : '役に立たなかった')],
  MailSent: (data) => [labelled('種類', mailKindLabel(text(data, 'kind')))],
  MailUnsubscribed: (data) => [labelled('種類', mailKindLabel(text(data, 'kind')))],
  NotificationCreated: (data) => [quoted(text(data, 'title'))],
  NotificationsRead: (data) => [counted(lengthOf(data, 'notificationIds'), '件')],
  OpenBadgeCredentialIssued: (data) => [labelled('有効期限', dayOf(data, 'validUntil'))],
  OpenBadgeCredentialRestored: (data) => [labelled('理由:', text(data, 'reason'))],
  OpenBadgeCredentialRevoked: (data) => [labelled('理由:', text(data, 'reason'))],
  ProfileUpdated: (data) => [fullName(data)],
  UserRegistered: (data) => [fullName(data), data.role === 'admin' && '管理者'],
  VerifiedEmailChanged: (data) => [text(data, 'verifiedEmail') ?? 'なし'],
};

/** One line of what happened, from the fields the event carries; '' when its name says it all (the JSON has the rest). */
export function eventSummary(event: Pick<AdminEventView, 'type' | 'data'>): string {
  const summarise = (SUMMARIES as Readonly<Record<string, ((data: Data) => (string | null | false)[]) | undefined>>)[event.type];
  if (!summarise || typeof event.data !== 'object' || event.data === null || Array.isArray(event.data)) return '';
  return summarise(event.data as Data)
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join('・');
}
