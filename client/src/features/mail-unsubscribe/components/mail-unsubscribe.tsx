import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { PROFILE_PATH } from '../../../lib/profile-paths';
import { pageTitle } from '../../../lib/site';
import { unsubscribeMachine } from '../machines/unsubscribe.machine';
import './mail-unsubscribe.css';

export const UNSUBSCRIBE_TITLE = 'メールの配信停止';

/** A mail's unsubscribe link: no login, one button, and the profile named as the place to change it back. */
export function MailUnsubscribe({ token, logic = unsubscribeMachine }: { token: string | null; logic?: typeof unsubscribeMachine }) {
  const [snapshot, send] = useMachine(logic, { input: { token } });
  const { result, message } = snapshot.context;
  return (
    <section className="mail-unsubscribe" aria-labelledby="mail-unsubscribe-title">
      <title>{pageTitle(UNSUBSCRIBE_TITLE)}</title>
      <h1 id="mail-unsubscribe-title">
        <PhraseText text={UNSUBSCRIBE_TITLE} />
      </h1>
      {snapshot.matches('asking') || snapshot.matches('sending') || snapshot.matches('failed') ? (
        <>
          <p>このメールの種類の配信を停止します。ほかの種類のメールと、サイト内のお知らせはこれまでどおり届きます。</p>
          {snapshot.matches('failed') ? <p role="alert">{message}</p> : null}
          <button type="button" className="button button--primary" disabled={snapshot.matches('sending')} onClick={() => send({ type: 'CONFIRM' })}>
            配信を停止する
          </button>
        </>
      ) : null}
      {result ? (
        <p role="status">「{result.label}」のメールの配信を停止しました。</p>
      ) : null}
      {snapshot.matches('refused') ? <p role="alert">{message}</p> : null}
      {snapshot.matches('done') || snapshot.matches('refused') ? (
        <p>
          メール通知の設定は、ログインして<Link to={PROFILE_PATH}>プロフィール</Link>の「メール通知」からいつでも変えられます。
        </p>
      ) : null}
    </section>
  );
}
