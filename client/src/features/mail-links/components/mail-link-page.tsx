import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { PROFILE_PATH } from '../../../lib/profile-paths';
import { pageTitle } from '../../../lib/site';
import type { MailLink, MailLinkResult } from '../api/follow-mail-link';
import { mailLinkMachine } from '../machines/mail-link.machine';
import './mail-links.css';

const WORDS: Record<MailLink, { title: string; ask: string; button: string }> = {
  unsubscribe: {
    title: 'メールの配信停止',
    ask: 'このメールの種類の配信を停止します。ほかの種類のメールと、サイト内のお知らせはこれまでどおり届きます。',
    button: '配信を停止する',
  },
  'confirm-address': {
    title: 'メールアドレスの確認',
    ask: 'プロフィールの新しいメールアドレスを確認します。確認すると、このアドレスにお知らせのメールが届くようになります。',
    button: 'メールアドレスを確認する',
  },
};

const doneText = (outcome: MailLinkResult) =>
  outcome.link === 'unsubscribe' ? `「${outcome.result.label}」のメールの配信を停止しました。` : `メールアドレス ${outcome.result.address} を確認しました。`;

/** /mail/unsubscribe and /mail/confirm: no login, one button, and the profile named as the place to change it back. */
export function MailLinkPage({ link, token, logic = mailLinkMachine }: { link: MailLink; token: string | null; logic?: typeof mailLinkMachine }) {
  const [snapshot, send] = useMachine(logic, { input: { link, token } });
  const { outcome, message } = snapshot.context;
  const words = WORDS[link];
  const asking = snapshot.matches('asking') || snapshot.matches('sending') || snapshot.matches('failed');
  return (
    <section className="mail-link" aria-labelledby="mail-link-title">
      <title>{pageTitle(words.title)}</title>
      <h1 id="mail-link-title">
        <PhraseText text={words.title} />
      </h1>
      {asking ? (
        <>
          <p>{words.ask}</p>
          {snapshot.matches('failed') ? <p role="alert">{message}</p> : null}
          <button type="button" className="button button--primary" disabled={snapshot.matches('sending')} onClick={() => send({ type: 'CONFIRM' })}>
            {words.button}
          </button>
        </>
      ) : null}
      {outcome ? <p role="status">{doneText(outcome)}</p> : null}
      {snapshot.matches('refused') ? <p role="alert">{message}</p> : null}
      {snapshot.matches('done') || snapshot.matches('refused') ? (
        <p>
          メールアドレスとメール通知の設定は、ログインして<Link to={PROFILE_PATH}>プロフィール</Link>からいつでも変えられます。
        </p>
      ) : null}
    </section>
  );
}
