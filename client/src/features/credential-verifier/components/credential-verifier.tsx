import { useActorRef, useSelector } from '@xstate/react';
import { useState, type DragEvent, type FormEvent } from 'react';
import { PhraseText } from '../../../components/phrase-text';
import { pageTitle } from '../../../lib/site';
import { VERIFIER_TITLE } from '../credential-verifier-labels';
import { credentialVerifierMachine } from '../machines/credential-verifier.machine';
import { CredentialVerificationResult } from './credential-verification-result';
import './credential-verifier.css';

const TEXT_ID = 'credential-verifier-text';
const FILE_ID = 'credential-verifier-file';
const ERROR_ID = 'credential-verifier-error';

/**
 * /certificates/verify: anyone pastes a credential or drops its file, and reads what the campus found.
 * The machine owns every step; this only draws it and forwards what the user does.
 */
export function CredentialVerifier({ logic = credentialVerifierMachine }: { logic?: typeof credentialVerifierMachine }) {
  const actor = useActorRef(logic);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const busy = useSelector(actor, (snapshot) => snapshot.matches('readingFile') || snapshot.matches('verifying'));
  const reading = useSelector(actor, (snapshot) => snapshot.matches('readingFile'));
  const result = useSelector(actor, (snapshot) => (snapshot.matches({ ready: 'result' }) ? snapshot.context.result : null));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'failed' }));
  const [dragging, setDragging] = useState(false);

  const sendFile = (file: File | undefined) => {
    if (file) actor.send({ type: 'FILE', file });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'VERIFY' });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) sendFile(event.dataTransfer.files[0]);
  };

  return (
    <section className="credential-verifier" aria-labelledby="credential-verifier-title" aria-busy={busy || undefined}>
      <title>{pageTitle(VERIFIER_TITLE)}</title>
      <h1 id="credential-verifier-title">
        <PhraseText text={VERIFIER_TITLE} />
      </h1>
      <p className="credential-verifier__lead">
        Open Badges 3.0 のデジタル認定証を貼り付けるか、ファイルを選ぶと、署名が有効か、誰が誰に発行したものか、いまも有効かを確かめます。このキャンパスの認定証のほか、did:web・did:key で署名された他の発行者の認定証も確認できます。
      </p>
      <form className="credential-verifier__form" onSubmit={onSubmit} noValidate>
        <div className="credential-verifier__field">
          <label className="credential-verifier__label" htmlFor={TEXT_ID}>
            認定証（JSONまたはJWT）
          </label>
          <textarea
            id={TEXT_ID}
            className="credential-verifier__text"
            rows={8}
            spellCheck={false}
            autoComplete="off"
            value={context.text}
            placeholder={'{"@context": …} または eyJ…'}
            onChange={(event) => actor.send({ type: 'TEXT', value: event.target.value })}
            aria-invalid={context.inputError ? true : undefined}
            aria-describedby={context.inputError ? ERROR_ID : undefined}
          />
        </div>
        <div
          className={`credential-verifier__drop${dragging ? ' credential-verifier__drop--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p className="credential-verifier__drop-text">ファイル（.json / .png / .jwt、1MBまで）をここにドロップするか、</p>
          <label className="button credential-verifier__choose" htmlFor={FILE_ID}>
            ファイルを選ぶ
          </label>
          <input
            id={FILE_ID}
            className="visually-hidden"
            type="file"
            accept=".json,.jsonld,.jwt,.png,application/json,application/ld+json,image/png"
            disabled={busy}
            onChange={(event) => {
              sendFile(event.target.files?.[0]);
              // The same file chosen again is a new choice.
              event.target.value = '';
            }}
          />
          {context.fileName ? <p className="credential-verifier__file">選んだファイル: {context.fileName}</p> : null}
        </div>
        {context.inputError ? (
          <p id={ERROR_ID} className="credential-verifier__error" role="alert">
            {context.inputError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary credential-verifier__submit" disabled={busy}>
          確認する
        </button>
      </form>
      {busy ? (
        <p className="credential-verifier__progress" role="status">
          {reading ? 'ファイルを読み込んでいます…' : '確認しています…'}
        </p>
      ) : null}
      {failed ? (
        <div className="empty-state credential-verifier__failed" role="alert">
          <p className="empty-state__message">確認できませんでした。{context.failure}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            再試行
          </button>
        </div>
      ) : null}
      {result ? <CredentialVerificationResult result={result} /> : null}
    </section>
  );
}
