import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormField } from '../../../components/form-field';
import { PhraseText } from '../../../components/phrase-text';
import { LEGACY_CSV_COLUMN_MEANINGS, LEGACY_CSV_COLUMNS, LEGACY_CSV_EXAMPLE } from '../legacy-csv';
import { legacyImportMachine, selectImportPhase } from '../machines/legacy-import.machine';
import { ImportProgress } from './import-progress';
import { ImportReport } from './import-report';
import './legacy-imports.css';

const FILE_INPUT_ID = 'legacy-import-file';

/** A failed upload has no import; one the worker gave up on has counts (and maybe rows) to show. */
const isEnded = (status: string) => status === 'done' || status === 'failed';

export interface LegacyImportPanelProps {
  /** An import has ended (done or given up): the list of past imports changed. */
  onFinished: () => void;
  /** Tests pass `legacyImportMachine.provide({...})`. */
  logic?: typeof legacyImportMachine;
}

/** Choose the Cloud Campus CSV, 取り込む, follow the progress, read the report. */
export function LegacyImportPanel({ onFinished, logic = legacyImportMachine }: LegacyImportPanelProps) {
  const actor = useActorRef(logic);
  const phase = useSelector(actor, selectImportPhase);
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress);
  const report = useSelector(actor, (snapshot) => snapshot.context.report);
  const reportError = useSelector(actor, (snapshot) => snapshot.context.reportError);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const busy = phase === 'reading' || phase === 'uploading' || phase === 'importing';

  useEffect(() => {
    const subscription = actor.on('finished', () => onFinished());
    return () => subscription.unsubscribe();
  }, [actor, onFinished]);

  return (
    <section className="legacy-import" aria-labelledby="legacy-import-title">
      <h2 id="legacy-import-title"><PhraseText text="CSV を取り込む" /></h2>
      <div className="legacy-import__format">
        <p>
          Cloud Campus から書き出したバッジの記録を、1 行に 1 件、次の列の順に並べた CSV（UTF-8）で取り込みます。見出し行は省略できます。
        </p>
        <p>
          列: <code>{LEGACY_CSV_COLUMNS}</code>（{LEGACY_CSV_COLUMN_MEANINGS}）。合格日は日本時間の日付（YYYY-MM-DD）です。
        </p>
        <p className="legacy-import__example-caption">例:</p>
        <pre className="legacy-import__example">
          {LEGACY_CSV_EXAMPLE}
        </pre>
      </div>
      <form
        className="admin-form"
        aria-label="CSV の取り込み"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'START' });
        }}
      >
        <FormField id={FILE_INPUT_ID} label="CSV ファイル" error={phase === 'idle' || phase === 'failed' ? (error ?? undefined) : undefined} errorIsAlert>
          {(control) => (
            <input
              {...control}
              className="admin-field__control"
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => actor.send({ type: 'SELECT', file: event.target.files?.[0] ?? null })}
            />
          )}
        </FormField>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            取り込む
          </button>
        </div>
      </form>
      {phase === 'reading' || phase === 'uploading' ? (
        <p role="status">{phase === 'reading' ? 'ファイルを読み込んでいます…' : 'ファイルを送信しています…'}</p>
      ) : null}
      {phase === 'importing' ? <ImportProgress progress={progress} /> : null}
      {(phase === 'done' || phase === 'failed') && progress !== null && isEnded(progress.status) ? (
        <ImportReport summary={progress} report={report} reportError={reportError} onRetry={() => actor.send({ type: 'RETRY_REPORT' })} />
      ) : null}
    </section>
  );
}
