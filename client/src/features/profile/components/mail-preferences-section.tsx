import { MAIL_KIND_LABELS, MAIL_KINDS, type MailKind } from '@campus/contracts/mail-kinds';
import { useMachine } from '@xstate/react';
import { PhraseText } from '../../../components/phrase-text';
import { mailPreferencesMachine } from '../machines/mail-preferences.machine';

const HINTS: Record<MailKind, string> = {
  certificate: '合格して認定証が発行されたとき。認定証の PDF を添付します。',
  expiry: 'スキルバッジの有効期限の 30 日前、更新受験ができるようになったとき。',
  revocation: '認定証とデジタル認定証が取り消されたとき。',
  announcement: '運営からのお知らせのうち、メールでもお届けするもの。',
};

/** /mypage/profile 「メール通知」: one switch per kind of mail, each saved as it is flipped. */
export function MailPreferencesSection({ logic = mailPreferencesMachine }: { logic?: typeof mailPreferencesMachine }) {
  const [snapshot, send] = useMachine(logic);
  const { shown, notice, error, pendingAddress } = snapshot.context;
  const saving = snapshot.matches('saving');
  return (
    <section className="mail-preferences" aria-labelledby="mail-preferences-title" aria-busy={snapshot.matches('loading') || saving || undefined}>
      <h2 id="mail-preferences-title">
        <PhraseText text="メール通知" />
      </h2>
      <p>プロフィールのメールアドレスにお送りします。</p>
      {pendingAddress ? (
        <p className="mail-preferences__pending" role="note">
          {pendingAddress} は確認待ちです。お送りした確認メールのリンクを開くまで、このアドレスにはほかのメールを送りません。
        </p>
      ) : null}
      {snapshot.matches('loading') ? <p role="status">読み込み中…</p> : null}
      {snapshot.matches('failed') ? (
        <div role="alert">
          <p>メール通知の設定を読み込めませんでした。</p>
          <button type="button" className="button" onClick={() => send({ type: 'RETRY' })}>
            再読み込み
          </button>
        </div>
      ) : null}
      {shown ? (
        <ul className="mail-preferences__list">
          {MAIL_KINDS.map((kind) => (
            <li key={kind} className="mail-preferences__item">
              <label className="mail-preferences__switch">
                <input type="checkbox" role="switch" checked={shown[kind]} disabled={saving} aria-describedby={`mail-hint-${kind}`} onChange={(event) => send({ type: 'TOGGLE', kind, on: event.target.checked })} />
                <span>{MAIL_KIND_LABELS[kind]}</span>
              </label>
              <p id={`mail-hint-${kind}`} className="mail-preferences__hint">
                {HINTS[kind]}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="mail-preferences__notice">
        {notice}
      </p>
      {error ? (
        <p role="alert" className="mail-preferences__error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
