import { errorMessageOf, isApiError, UNKNOWN_ERROR_MESSAGE } from '../../../lib/api-client';
import type { PopupButton, PopupKind, PopupShell } from './popup-types';

/**
 * What each popup of spec §2 says. The spec's own Japanese wording is used where it gives one
 * (§5, §6, §8); the rest is ours. Callers may override any part through `openPopup(kind, options)`.
 */

const login: PopupButton = { label: 'ログイン', value: 'login', variant: 'primary' };
const cancel: PopupButton = { label: 'キャンセル', value: 'cancel' };
const ok: PopupButton = { label: 'OK', value: 'ok', variant: 'primary' };

const AGREEMENT_TITLE = '利用規約とプライバシーポリシーへの同意';
const accept: PopupButton = { label: '同意する', value: 'accept', variant: 'primary', runsAction: true };

/** Spec §8 communication error, verbatim. */
export const COMMUNICATION_ERROR_TEXT = 'エラーが発生しました。通信環境をご確認のうえ、再度実行してください。';
/** The one title of the communication-error popup, offline or with the server out of reach. */
export const COMMUNICATION_ERROR_TITLE = '通信エラー';

/** Spec §8 "generic alert" (a 400, 403 or 500 answer): the communication-error popup under this title. */
export const ERROR_ALERT_TITLE = 'エラー';
/**
 * What a 500 (or an answer that is not the API's envelope) says: the catalogue's own text. The
 * server's message of a 500 is whatever broke (「Internal」), not words for a learner.
 */
export const SERVER_ERROR_TEXT = UNKNOWN_ERROR_MESSAGE;

/** Spec §2/§4: carried-over badge data for users coming from Cloud Campus, verbatim. */
export const MIGRATION_CARRY_OVER_TEXT = 'Cloud Campus で取得したスキルバッジのデータが引き継がれます。';

/**
 * Spec §8 "Cannot take": the cases a caller may put into the `cannotTake` popup as its `body`.
 * The default body is `anotherExamInProgress`.
 */
export const CANNOT_TAKE_TEXTS = {
  loginRequired: '認定コースを受講するには、ログインが必要です。',
  loginAndProfileRequired: '認定コースを受講するには、ログインしたうえでプロフィールを登録する必要があります。',
  profileRequired: '認定試験を受験するには、プロフィールの登録が必要です。',
  anotherExamInProgress: '現在ほかの認定試験を受験中のため、この試験は開始できません。受験中の試験を終えてから、あらためてお試しください。',
} as const;

/**
 * Spec §8 submit failure after the exam timed out: retrying now is pointless, so the popup only
 * says when to try again. Pass to `openPopup('submitFailure', SUBMIT_FAILURE_TIMED_OUT)`.
 */
export const SUBMIT_FAILURE_TIMED_OUT: Pick<PopupShell, 'body' | 'buttons'> = {
  body: '解答を送信できませんでした。24時間後に再度お試しください。',
  buttons: [ok],
};

/** The review popup's choices: send the rating (runs the popup's action), or close without one. */
export const REVIEW_SUBMIT = 'submit';
export const REVIEW_CLOSE = 'close';

export const popupCatalogue: Readonly<Record<PopupKind, PopupShell>> = {
  userPolicyAgreement: {
    title: AGREEMENT_TITLE,
    body:
      'キャンパスをご利用いただく前に、利用規約とプライバシーポリシーをお読みください。\n' +
      '内容に同意いただける場合は「同意する」を押してください。',
    buttons: [accept],
    dismissable: false,
  },
  migration: {
    title: AGREEMENT_TITLE,
    body:
      'Cloud Campus をご利用いただいていた皆さまへ。これからもキャンパスをご利用いただくには、利用規約とプライバシーポリシーをお読みのうえ、同意をお願いします。\n' +
      `同意いただくと、${MIGRATION_CARRY_OVER_TEXT}`,
    buttons: [accept],
    dismissable: false,
  },
  specialLogin: {
    title: 'ログインしてお楽しみください',
    body: 'このページの特典やキャンペーンは、ログインした方だけがご利用いただけます。',
    buttons: [login, cancel],
    dismissable: true,
  },
  loginRequired: {
    title: 'ログインしてください',
    body: 'このページをご覧いただくには、ログインが必要です。',
    buttons: [login, { label: 'トップページへ', value: 'top' }],
    dismissable: true,
  },
  badgeLogin: {
    title: 'ログインが必要です',
    body: CANNOT_TAKE_TEXTS.loginAndProfileRequired,
    buttons: [login, cancel],
    dismissable: true,
  },
  badgeProfile: {
    title: 'プロフィールを登録してください',
    body: `${CANNOT_TAKE_TEXTS.profileRequired}\n認定証には、登録したお名前が記載されます。`,
    buttons: [{ label: '登録する', value: 'register', variant: 'primary' }, cancel],
    dismissable: true,
  },
  wishlistLogin: {
    title: 'ログインが必要です',
    body: '受講したいリストにコースを追加するには、ログインしてください。',
    buttons: [login, cancel],
    dismissable: true,
  },
  lessonLogin: {
    title: 'ログインしますか？',
    body: 'このレッスンは、ログインした方のみご覧いただけます。',
    buttons: [login, cancel],
    dismissable: true,
  },
  advancedRequiresBasic: {
    title: '受験できません',
    body: 'Advanced の認定試験を受験するには、先に Basic を取得する必要があります。',
    buttons: [{ label: 'Basicへ', value: 'basic', variant: 'primary' }, cancel],
    dismissable: true,
  },
  timeUp: {
    title: '試験時間が終了しました',
    body: '終了時刻になりました。結果を表示します。',
    buttons: [ok],
    dismissable: false,
  },
  submitFailure: {
    title: '解答を送信できませんでした',
    body: '通信環境をご確認のうえ、もう一度送信してください。',
    buttons: [{ label: '再送信', value: 'retry', variant: 'primary', runsAction: true }, cancel],
    dismissable: false,
  },
  cannotTake: {
    title: '受験できません',
    body: CANNOT_TAKE_TEXTS.anotherExamInProgress,
    buttons: [ok],
    dismissable: true,
  },
  review: {
    title: 'コースの評価',
    // The rating form itself is the caller's `content` (stars and free text): it renders these
    // two buttons, submit disabled until a star is chosen (spec §4, §5).
    body: 'このコースはいかがでしたか？ 星の数で評価してください。',
    buttons: [
      { label: '送信する', value: REVIEW_SUBMIT, variant: 'primary', runsAction: true },
      { label: '閉じる', value: REVIEW_CLOSE },
    ],
    dismissable: true,
  },
  communicationError: {
    title: COMMUNICATION_ERROR_TITLE,
    body: COMMUNICATION_ERROR_TEXT,
    buttons: [ok],
    dismissable: true,
  },
};

export const POPUP_KINDS = Object.keys(popupCatalogue) as PopupKind[];

/**
 * Spec §8: what the popup says for a failed call. No answer: the communication error. A 500 or
 * an answer this client cannot read: the generic text (SERVER_ERROR_TEXT). Any other answer (400,
 * 403): the API's own Japanese message, which names what was wrong.
 */
export function errorAlertOf(error: unknown): Pick<PopupShell, 'title' | 'body'> {
  if (isApiError(error) && error.isNetworkError) return { title: COMMUNICATION_ERROR_TITLE, body: COMMUNICATION_ERROR_TEXT };
  return { title: ERROR_ALERT_TITLE, body: errorMessageOf(error) };
}
