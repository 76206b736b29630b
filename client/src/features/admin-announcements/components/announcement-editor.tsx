import type { AdminAnnouncement } from '@campus/contracts/announcements';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { showToast } from '../../../components/ui/popup/popups';
import { formatJapaneseDateTime, tokyoIsoOf } from '@campus/contracts/tokyo-date';
import { AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { focusFirstInvalid, FormField } from '../../../components/form-field';
import { ANNOUNCEMENT_LIST_PATH, ANNOUNCEMENT_STATUS_LABELS } from '../announcement-status';
import {
  announcementEditorMachine,
  canSchedule,
  EDITOR_OUTCOME_MESSAGES,
  outcomeOf,
  selectDraft,
  selectEditorPhase,
  selectFieldErrors,
  selectFormError,
  selectLoadError,
  selectOriginal,
  type AnnouncementDraft,
  type EditableField,
  type EditorOutcome,
} from '../machines/announcement-editor.machine';
import { AnnouncementPreview } from './announcement-preview';
import './admin-announcements.css';

const IDS = {
  title: 'announcement-title',
  body: 'announcement-body',
  link: 'announcement-link',
  publishAt: 'announcement-publish-at',
} as const;

const FIELD_ORDER = [
  ['title', IDS.title],
  ['body', IDS.body],
  ['link', IDS.link],
  ['publishAt', IDS.publishAt],
] as const;

/** The date learners will see: the chosen one, a live one's own, or today. */
function previewDateOf(original: AdminAnnouncement | null, draft: AnnouncementDraft): string {
  if (original && !canSchedule(original)) return original.publishAt;
  if (draft.publishMode === 'scheduled') return tokyoIsoOf(draft.publishAtLocal) ?? new Date().toISOString();
  return new Date().toISOString();
}

const SUBMIT_LABELS: Record<EditorOutcome, string> = { published: '公開する', scheduled: '予約する', saved: '保存する', unpublished: '取り下げる' };

export interface AnnouncementEditorProps {
  /** null: a new announcement. */
  announcementId: string | null;
  /** Tests pass `announcementEditorMachine.provide({...})`. */
  logic?: typeof announcementEditorMachine;
}

/**
 * Write, schedule, edit or withdraw an announcement, with a live preview. After a success: a notice
 * and back to the list.
 */
export function AnnouncementEditor({ announcementId, logic = announcementEditorMachine }: AnnouncementEditorProps) {
  const actor = useActorRef(logic, { input: { announcementId } });
  const phase = useSelector(actor, selectEditorPhase);
  const draft = useSelector(actor, selectDraft);
  const original = useSelector(actor, selectOriginal);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const formError = useSelector(actor, selectFormError);
  const loadError = useSelector(actor, selectLoadError);
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ form: 'failed' }));
  const navigate = useNavigate();

  useEffect(() => {
    const subscription = actor.on('saved', ({ outcome }) => {
      showToast(EDITOR_OUTCOME_MESSAGES[outcome]);
      navigate(ANNOUNCEMENT_LIST_PATH);
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  useEffect(() => {
    if (failed) focusFirstInvalid(FIELD_ORDER, fieldErrors);
  }, [failed, fieldErrors]);

  if (phase === 'loading') return <AdminLoading label="お知らせを読み込み中" />;
  if (phase === 'loadFailed') {
    return <AdminLoadFailed message={loadError ?? 'お知らせを読み込めませんでした。'} onRetry={() => actor.send({ type: 'RETRY' })} />;
  }

  const closed = phase === 'closed';
  const busy = phase === 'submitting' || phase === 'unpublishing' || phase === 'saved';
  const schedulable = canSchedule(original);
  const edit = (field: EditableField) => (event: { target: { value: string } }) => actor.send({ type: 'EDIT', field, value: event.target.value });

  return (
    <div className="announcement-editor">
      <form
        className="admin-form announcement-editor__form"
        aria-label="お知らせの内容"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        {original ? (
          <p className="announcement-editor__state">
            状態: <strong>{ANNOUNCEMENT_STATUS_LABELS[original.status]}</strong>
            <span className="announcement-editor__read-count">既読数: {original.readCount}</span>
          </p>
        ) : null}
        {closed ? <p className="admin-form__status">取り下げ済みのお知らせは編集できません。</p> : null}
        <fieldset className="admin-form admin-form__fields" disabled={closed || busy}>
          <FormField id={IDS.title} label="タイトル" error={fieldErrors.title}>
            {(control) => <input {...control} className="admin-field__control" type="text" value={draft.title} onChange={edit('title')} />}
          </FormField>
          <FormField id={IDS.body} label="本文" error={fieldErrors.body}>
            {(control) => <textarea {...control} className="admin-field__control" rows={10} value={draft.body} onChange={edit('body')} />}
          </FormField>
          <FormField id={IDS.link} label="リンク（サイト内のパス、任意）" hint="例: /lineyahoo-marketing-skill-badge" error={fieldErrors.link}>
            {(control) => <input {...control} className="admin-field__control" type="text" inputMode="url" value={draft.link} onChange={edit('link')} />}
          </FormField>
          {schedulable ? (
            <fieldset className="admin-field">
              <legend>公開</legend>
              <div className="admin-field__choices">
                {(
                  [
                    ['now', '今すぐ'],
                    ['scheduled', '日時を指定'],
                  ] as const
                ).map(([mode, text]) => (
                  <label key={mode} className="admin-field__choice">
                    <input
                      type="radio"
                      name="publish-mode"
                      value={mode}
                      checked={draft.publishMode === mode}
                      onChange={() => actor.send({ type: 'SET_MODE', mode })}
                    />
                    {text}
                  </label>
                ))}
              </div>
              {draft.publishMode === 'scheduled' ? (
                <FormField id={IDS.publishAt} label="公開日時（日本時間）" error={fieldErrors.publishAt}>
                  {(control) => (
                    <input {...control} className="admin-field__control" type="datetime-local" value={draft.publishAtLocal} onChange={edit('publishAtLocal')} />
                  )}
                </FormField>
              ) : fieldErrors.publishAt ? (
                <p className="admin-field__error">{fieldErrors.publishAt}</p>
              ) : null}
            </fieldset>
          ) : original ? (
            <p className="announcement-editor__published-at">
              公開日時: <time dateTime={original.publishAt}>{formatJapaneseDateTime(original.publishAt)}</time>
              {closed ? null : '（公開済みのため変更できません）'}
            </p>
          ) : null}
          {original === null ? (
            <label className="admin-field__choice">
              <input type="checkbox" checked={draft.mail} onChange={(event) => actor.send({ type: 'SET_MAIL', mail: event.target.checked })} />
              メールでも送る（メール通知で「お知らせ」を選んだ受講者に、公開時に送ります）
            </label>
          ) : null}
        </fieldset>
        {formError ? (
          <p className="admin-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="admin-form__actions">
          {closed ? null : (
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={phase === 'submitting' || undefined}>
              {SUBMIT_LABELS[outcomeOf({ original, draft })]}
            </button>
          )}
          {original && !closed ? (
            <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'UNPUBLISH' })}>
              取り下げる
            </button>
          ) : null}
          <Link className="button button--quiet" to={ANNOUNCEMENT_LIST_PATH}>
            一覧へ戻る
          </Link>
        </div>
      </form>
      <AnnouncementPreview draft={draft} publishedAt={previewDateOf(original, draft)} />
      {phase === 'confirming' || phase === 'unpublishing' ? (
        <ConfirmDialog
          title="お知らせを取り下げますか？"
          message="取り下げると、学習者のお知らせ一覧に表示されなくなり、未読の数にも数えられなくなります。"
          confirmLabel="取り下げる"
          busy={phase === 'unpublishing'}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        />
      ) : null}
    </div>
  );
}
