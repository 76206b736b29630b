import type { NotificationSegment } from '@campus/contracts/admin-notifications';
import { CERTIFICATION_COURSES, CERTIFICATION_SLUGS, isCertificationSlug } from '@campus/contracts/catalogue-slugs';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { focusFirstInvalid, FormField } from '../../../components/form-field';
import { confirmText, recipientsText, SEGMENT_LABELS, segmentHasCourse, sentText } from '../message-target';
import {
  confirmCountOf,
  selectMessagePhase,
  selectRecipientsPhase,
  targetedMessageMachine,
  type TargetKind,
  type TextField,
} from '../machines/targeted-message.machine';

const IDS = {
  email: 'message-email',
  segment: 'message-segment',
  courseSlug: 'message-course',
  title: 'message-title',
  body: 'message-body',
  link: 'message-link',
} as const;

const FIELD_ORDER = Object.entries(IDS) as [keyof typeof IDS, string][];

const TARGETS: readonly [TargetKind, string][] = [
  ['user', '1人（メールアドレス）'],
  ['segment', 'グループ'],
];

const SEGMENTS = Object.keys(SEGMENT_LABELS) as NotificationSegment[];

export interface TargetedMessageFormProps {
  /** Tests pass `targetedMessageMachine.provide({...})`. */
  logic?: typeof targetedMessageMachine;
}

/** 個別のお知らせ: to one learner or a group (with its live count), confirmed before it goes out. */
export function TargetedMessageForm({ logic = targetedMessageMachine }: TargetedMessageFormProps) {
  const actor = useActorRef(logic, { input: {} });
  const phase = useSelector(actor, selectMessagePhase);
  const recipients = useSelector(actor, selectRecipientsPhase);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ form: 'failed' }));
  const { draft, fieldErrors } = context;
  const busy = phase === 'confirming' || phase === 'sending';
  const toGroup = draft.targetKind === 'segment';

  useEffect(() => {
    if (failed) focusFirstInvalid(FIELD_ORDER, fieldErrors);
  }, [failed, fieldErrors]);

  const edit = (field: TextField) => (event: { target: { value: string } }) => actor.send({ type: 'EDIT', field, value: event.target.value });

  return (
    <>
      <form
        className="admin-form"
        aria-label="個別のお知らせの内容"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        <fieldset className="admin-form admin-form__fields" disabled={busy}>
          <fieldset className="admin-field">
            <legend>宛先</legend>
            <div className="admin-field__choices">
              {TARGETS.map(([kind, text]) => (
                <label key={kind} className="admin-field__choice">
                  <input
                    type="radio"
                    name="message-target"
                    value={kind}
                    checked={draft.targetKind === kind}
                    onChange={() => actor.send({ type: 'SET_TARGET', targetKind: kind })}
                  />
                  {text}
                </label>
              ))}
            </div>
          </fieldset>
          {toGroup ? (
            <>
              <FormField id={IDS.segment} label="対象のグループ" error={fieldErrors.segment}>
                {(control) => (
                  <select
                    {...control}
                    className="admin-field__control"
                    value={draft.segment}
                    onChange={(event) => actor.send({ type: 'SET_SEGMENT', segment: event.target.value as NotificationSegment })}
                  >
                    {SEGMENTS.map((segment) => (
                      <option key={segment} value={segment}>
                        {SEGMENT_LABELS[segment]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              {segmentHasCourse(draft.segment) ? (
                <FormField id={IDS.courseSlug} label="コース（任意）" error={fieldErrors.courseSlug}>
                  {(control) => (
                    <select
                      {...control}
                      className="admin-field__control"
                      value={draft.courseSlug}
                      onChange={(event) => {
                        const value = event.target.value;
                        actor.send({ type: 'SET_COURSE', courseSlug: isCertificationSlug(value) ? value : '' });
                      }}
                    >
                      <option value="">すべてのコース</option>
                      {CERTIFICATION_SLUGS.map((slug) => (
                        <option key={slug} value={slug}>
                          {CERTIFICATION_COURSES[slug].label}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              ) : null}
            </>
          ) : (
            <FormField id={IDS.email} label="メールアドレス" error={fieldErrors.email}>
              {(control) => <input {...control} className="admin-field__control" type="email" autoComplete="off" value={draft.email} onChange={edit('email')} />}
            </FormField>
          )}
          <div className="admin-form__status" role="status">
            {!toGroup ? recipientsText(1) : null}
            {toGroup && recipients === 'counting' ? '送信先の人数を数えています…' : null}
            {toGroup && recipients === 'counted' ? recipientsText(context.recipientCount ?? 0) : null}
            {toGroup && recipients === 'countFailed' ? `送信先の人数を取得できませんでした。${context.countError ?? ''}` : null}
          </div>
          {toGroup && recipients === 'countFailed' ? (
            <p>
              <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY_COUNT' })}>
                人数を再取得
              </button>
            </p>
          ) : null}
          <FormField id={IDS.title} label="タイトル" error={fieldErrors.title}>
            {(control) => <input {...control} className="admin-field__control" type="text" value={draft.title} onChange={edit('title')} />}
          </FormField>
          <FormField id={IDS.body} label="本文" error={fieldErrors.body}>
            {(control) => <textarea {...control} className="admin-field__control" rows={8} value={draft.body} onChange={edit('body')} />}
          </FormField>
          <FormField id={IDS.link} label="リンク（サイト内のパス、任意）" hint="例: /mypage/certificates" error={fieldErrors.link}>
            {(control) => <input {...control} className="admin-field__control" type="text" inputMode="url" value={draft.link} onChange={edit('link')} />}
          </FormField>
        </fieldset>
        {context.formError ? (
          <p className="admin-form__error" role="alert">
            {context.formError}
          </p>
        ) : null}
        {phase === 'sent' && context.sentCount !== null ? (
          <p className="admin-form__status" role="status">
            {sentText(context.sentCount)}
          </p>
        ) : null}
        <div className="admin-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || (toGroup && recipients !== 'counted')}
            aria-busy={phase === 'sending' || undefined}
          >
            送信する
          </button>
        </div>
      </form>
      {busy ? (
        <ConfirmDialog
          title="個別のお知らせを送信しますか？"
          message={confirmText(confirmCountOf(context))}
          confirmLabel="送信する"
          busy={phase === 'sending'}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        />
      ) : null}
    </>
  );
}
