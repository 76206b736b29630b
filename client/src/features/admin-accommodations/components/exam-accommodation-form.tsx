import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { focusFirstInvalid, FormField } from '../../../components/form-field';
import { accommodationText } from '../accommodation-text';
import { examAccommodationMachine, selectPhase, type AccommodationUnit, type DraftField } from '../machines/exam-accommodation.machine';

const IDS = {
  email: 'accommodation-email',
  amount: 'accommodation-amount',
  endsOn: 'accommodation-ends-on',
  note: 'accommodation-note',
} as const;

const FIELD_ORDER = Object.entries(IDS) as [keyof typeof IDS, string][];

const UNITS: readonly [AccommodationUnit, string][] = [
  ['minutes', '分で指定'],
  ['percent', '割合（%）で指定'],
];

export interface ExamAccommodationFormProps {
  /** Tests pass `examAccommodationMachine.provide({...})`. */
  logic?: typeof examAccommodationMachine;
}

/** 試験時間の延長: find a learner by e-mail, see their grant, grant or change it, or withdraw it. */
export function ExamAccommodationForm({ logic = examAccommodationMachine }: ExamAccommodationFormProps) {
  const actor = useActorRef(logic);
  const phase = useSelector(actor, selectPhase);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const { draft, fieldErrors, learner } = context;
  const headingId = useId();
  const busy = phase === 'looking' || phase === 'granting' || phase === 'withdrawing';
  const hasErrors = Object.keys(fieldErrors).length > 0;

  useEffect(() => {
    if (hasErrors) focusFirstInvalid(FIELD_ORDER, fieldErrors);
  }, [hasErrors, fieldErrors]);

  const edit = (field: DraftField) => (event: { target: { value: string } }) => actor.send({ type: 'EDIT', field, value: event.target.value });
  const grant = learner?.accommodation ?? null;

  return (
    <>
      <form
        className="admin-form"
        aria-label="学習者の検索"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SEARCH' });
        }}
      >
        <fieldset className="admin-form admin-form__fields" disabled={busy}>
          <FormField id={IDS.email} label="学習者のメールアドレス" error={fieldErrors.email}>
            {(control) => (
              <input
                {...control}
                className="admin-field__control"
                type="email"
                autoComplete="off"
                value={context.email}
                onChange={(event) => actor.send({ type: 'EDIT_EMAIL', value: event.target.value })}
              />
            )}
          </FormField>
        </fieldset>
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={busy} aria-busy={phase === 'looking' || undefined}>
            検索する
          </button>
        </div>
      </form>

      {phase === 'looking' ? (
        <p className="admin-form__status" role="status">
          学習者を探しています…
        </p>
      ) : null}

      {learner && phase !== 'looking' && phase !== 'searching' ? (
        <section className="exam-accommodation" aria-labelledby={headingId}>
          <h2 id={headingId}>{learner.learner.name || learner.learner.email}さんの試験時間の延長</h2>
          <p role="status">
            {grant ? `現在の延長: ${accommodationText(grant)}${grant.active ? '' : '（終了日を過ぎているため、新しく開始する試験には適用されません）'}` : '現在、試験時間の延長はありません。'}
          </p>
          {grant ? <p>メモ: {grant.note}</p> : null}
          {grant ? (
            <p>
              <button type="button" className="button" disabled={busy} aria-busy={phase === 'withdrawing' || undefined} onClick={() => actor.send({ type: 'WITHDRAW' })}>
                延長を取り消す
              </button>
            </p>
          ) : null}

          <form
            className="admin-form"
            aria-label="試験時間の延長の内容"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'SUBMIT' });
            }}
          >
            <fieldset className="admin-form admin-form__fields" disabled={busy}>
              <fieldset className="admin-field">
                <legend>延長の指定方法</legend>
                <div className="admin-field__choices">
                  {UNITS.map(([unit, text]) => (
                    <label key={unit} className="admin-field__choice">
                      <input type="radio" name="accommodation-unit" value={unit} checked={draft.unit === unit} onChange={() => actor.send({ type: 'SET_UNIT', unit })} />
                      {text}
                    </label>
                  ))}
                </div>
              </fieldset>
              <FormField
                id={IDS.amount}
                label={draft.unit === 'minutes' ? '延長する時間（分）' : '延長する割合（%）'}
                hint={draft.unit === 'minutes' ? '1〜240分。どの試験にも同じ分数を加えます。' : '1〜200%。各試験の制限時間に対する割合で、1分未満は切り上げます。'}
                error={fieldErrors.amount}
                required
              >
                {(control) => <input {...control} className="admin-field__control" type="number" inputMode="numeric" min={1} step={1} value={draft.amount} onChange={edit('amount')} />}
              </FormField>
              <FormField id={IDS.endsOn} label="終了日（任意）" hint="この日（日本時間）までに開始した試験に適用します。空欄なら期限なし。" error={fieldErrors.endsOn}>
                {(control) => <input {...control} className="admin-field__control" type="date" value={draft.endsOn} onChange={edit('endsOn')} />}
              </FormField>
              <FormField id={IDS.note} label="メモ" hint="延長の理由など。運営のみが見られます。" error={fieldErrors.note} required>
                {(control) => <textarea {...control} className="admin-field__control" rows={3} value={draft.note} onChange={edit('note')} />}
              </FormField>
            </fieldset>
            {context.formError ? (
              <p className="admin-form__error" role="alert">
                {context.formError}
              </p>
            ) : null}
            {context.notice ? (
              <p className="admin-form__status" role="status">
                {context.notice}
              </p>
            ) : null}
            <div className="admin-form__actions">
              <button type="submit" className="button button--primary" disabled={busy} aria-busy={phase === 'granting' || undefined}>
                延長を登録する
              </button>
            </div>
          </form>
        </section>
      ) : null}
      {!learner && context.formError ? (
        <p className="admin-form__error" role="alert">
          {context.formError}
        </p>
      ) : null}
    </>
  );
}
