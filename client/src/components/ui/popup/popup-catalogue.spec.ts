import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { CANNOT_TAKE_TEXTS, errorAlertOf, POPUP_KINDS, popupCatalogue, SUBMIT_FAILURE_TIMED_OUT } from './popup-catalogue';
import type { PopupKind } from './popup-types';

const ALL_KINDS: PopupKind[] = [
  'userPolicyAgreement',
  'migration',
  'specialLogin',
  'loginRequired',
  'badgeLogin',
  'badgeProfile',
  'wishlistLogin',
  'lessonLogin',
  'advancedRequiresBasic',
  'timeUp',
  'submitFailure',
  'cannotTake',
  'review',
  'communicationError',
];

const labels = (kind: PopupKind) => popupCatalogue[kind].buttons.map((button) => button.label);
const values = (kind: PopupKind) => popupCatalogue[kind].buttons.map((button) => button.value);

describe('popup catalogue', () => {
  it('has exactly the 14 popups of spec §2', () => {
    expect([...POPUP_KINDS].sort()).toEqual([...ALL_KINDS].sort());
  });

  it.each(ALL_KINDS)('%s has a title, a body and at least one button with a distinct value', (kind) => {
    const shell = popupCatalogue[kind];
    expect(shell.title.trim()).not.toBe('');
    expect(shell.body.trim()).not.toBe('');
    expect(shell.buttons.length).toBeGreaterThan(0);
    for (const button of shell.buttons) {
      expect(button.label.trim()).not.toBe('');
      expect(button.value.trim()).not.toBe('');
    }
    expect(new Set(values(kind)).size).toBe(shell.buttons.length);
    expect(shell.buttons.filter((button) => button.variant === 'primary').length).toBeLessThanOrEqual(1);
  });

  it('asks to log in on protected pages, with ログイン and トップページへ, closable by the mask (§6, §8)', () => {
    const shell = popupCatalogue.loginRequired;
    expect(shell.title).toBe('ログインしてください');
    expect(shell.buttons).toEqual([
      { label: 'ログイン', value: 'login', variant: 'primary' },
      { label: 'トップページへ', value: 'top' },
    ]);
    expect(shell.dismissable).toBe(true);
  });

  it('uses the spec wording of the communication error (§8)', () => {
    expect(popupCatalogue.communicationError.body).toBe('エラーが発生しました。通信環境をご確認のうえ、再度実行してください。');
    expect(values('communicationError')).toEqual(['ok']);
  });

  it('blocks the Advanced exam without Basic with the spec title and buttons (§5)', () => {
    const shell = popupCatalogue.advancedRequiresBasic;
    expect(shell.title).toBe('受験できません');
    expect(shell.body).toContain('Advanced');
    expect(shell.body).toContain('Basic');
    expect(shell.buttons).toEqual([
      { label: 'Basicへ', value: 'basic', variant: 'primary' },
      { label: 'キャンセル', value: 'cancel' },
    ]);
  });

  it('asks 「ログインしますか？」 on lessons for logged-in users (§8)', () => {
    expect(popupCatalogue.lessonLogin.title).toBe('ログインしますか？');
    expect(labels('lessonLogin')).toEqual(['ログイン', 'キャンセル']);
  });

  it('mentions the want-to-take list for the wish list login', () => {
    expect(popupCatalogue.wishlistLogin.body).toContain('受講したいリスト');
    expect(labels('wishlistLogin')).toEqual(['ログイン', 'キャンセル']);
  });

  it('offers 登録する for the missing profile (§6)', () => {
    expect(popupCatalogue.badgeProfile.buttons[0]).toEqual({ label: '登録する', value: 'register', variant: 'primary' });
    expect(popupCatalogue.badgeProfile.body).toContain('プロフィール');
    expect(labels('badgeLogin')).toContain('ログイン');
    expect(Object.values(CANNOT_TAKE_TEXTS)).toContain(popupCatalogue.cannotTake.body);
  });

  it('says the time is up and the results follow (§8)', () => {
    expect(popupCatalogue.timeUp.title).toBe('試験時間が終了しました');
    expect(popupCatalogue.timeUp.body).toBe('終了時刻になりました。結果を表示します。');
    expect(labels('timeUp')).toEqual(['OK']);
  });

  it('offers 再送信 after a failed submission, and the 24-hour variant after a time-out (§8, §9)', () => {
    expect(popupCatalogue.submitFailure.buttons).toEqual([
      { label: '再送信', value: 'retry', variant: 'primary', runsAction: true },
      { label: 'キャンセル', value: 'cancel' },
    ]);
    expect(popupCatalogue.submitFailure.body).toContain('通信環境');
    expect(SUBMIT_FAILURE_TIMED_OUT.body).toContain('24時間後');
  });

  it('needs 同意する for the agreements and cannot be dismissed (§2, §6)', () => {
    for (const kind of ['userPolicyAgreement', 'migration'] as const) {
      const shell = popupCatalogue[kind];
      expect(shell.title).toBe('利用規約とプライバシーポリシーへの同意');
      expect(shell.body).toContain('利用規約');
      expect(shell.body).toContain('プライバシーポリシー');
      expect(shell.buttons).toEqual([{ label: '同意する', value: 'accept', variant: 'primary', runsAction: true }]);
      expect(shell.dismissable).toBe(false);
    }
    expect(popupCatalogue.migration.body).toContain('Cloud Campus で取得したスキルバッジのデータが引き継がれます。');
    expect(popupCatalogue.userPolicyAgreement.body).not.toContain('Cloud Campus');
  });

  it('has the review shell with 送信する and 閉じる', () => {
    expect(popupCatalogue.review.title).toBe('コースの評価');
    expect(labels('review')).toEqual(['送信する', '閉じる']);
  });
});

describe('errorAlertOf (spec §8: what a failed call’s popup says)', () => {
  const generic = 'エラーが発生しました。時間をおいて再度お試しください。';

  it('gives a network failure one title and the spec’s text, whoever reports it', () => {
    const offline = new ApiError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: 'NETWORK_ERROR' });
    expect(errorAlertOf(offline)).toEqual({ title: '通信エラー', body: 'エラーが発生しました。通信環境をご確認のうえ、再度実行してください。' });
    expect(errorAlertOf(offline).title).toBe(popupCatalogue.communicationError.title);
  });

  it.each([
    ['a 500 whose message is the server’s own', new ApiError({ message: 'Internal', status: 500, code: 'INTERNAL_ERROR' })],
    ['a 502 from a proxy', new ApiError({ message: 'Bad Gateway', status: 502, code: 'UNKNOWN_ERROR' })],
    ['an answer this client cannot read', new ApiError({ message: generic, status: 200, code: INVALID_RESPONSE_CODE })],
    ['anything that is not an API error', new Error('boom')],
  ])('says the catalogue’s generic text for %s', (_, error) => {
    expect(errorAlertOf(error)).toEqual({ title: 'エラー', body: generic });
  });

  it('passes the API’s own Japanese words for a 4xx, which name what was wrong', () => {
    const refused = new ApiError({ message: 'この操作を行う権限がありません', status: 403, code: 'FORBIDDEN' });
    expect(errorAlertOf(refused)).toEqual({ title: 'エラー', body: 'この操作を行う権限がありません' });
  });
});
