import { REVOCATION_CATEGORIES, REVOCATION_CATEGORY_NAMES, type RevocationCategory } from '@campus/contracts/revocation-categories';
import type { AdminCredential } from '@campus/contracts/credentials';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { AdminEmpty, AdminLoadFailed, AdminLoading, AdminTableScroll } from '../../../components/admin-page';
import { FormField } from '../../../components/form-field';
import { StepPager } from '../../../components/step-pager';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import { adminCredentialsSearch, CREDENTIAL_STATUS_LABELS } from '../credential-status';
import { adminCredentialsMachine, pageCountOf, type CredentialAction } from '../machines/admin-credentials.machine';
import './admin-credentials.css';

/** The table's columns; on a phone each card repeats them beside the values (admin-credentials.css). */
const COLUMNS = {
  number: '認定証番号',
  learner: '学習者',
  course: 'コース',
  validUntil: '有効期限',
  status: '状態',
  actions: '操作',
} as const;

export const NO_CREDENTIALS_TEXT = 'デジタル認定証はまだ発行されていません。';
export const NO_MATCH_TEXT = '検索に一致するデジタル認定証はありません。';

export interface AdminCredentialListProps {
  q: string;
  page: number;
  /** Tests pass `adminCredentialsMachine.provide({...})`. */
  logic?: typeof adminCredentialsMachine;
}

/** One page of credentials with their state, the JSON, and revoking or restoring one with a reason. */
export function AdminCredentialList({ q, page, logic = adminCredentialsMachine }: AdminCredentialListProps) {
  const actor = useActorRef(logic, { input: { q, page } });
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const submitting = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'submitting' }));
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const { result } = context;

  const notice = context.notice ? (
    <p className="admin-form__status" role="status">
      {context.notice}
    </p>
  ) : null;
  if (loading && !result) return <AdminLoading label="デジタル認定証の一覧を読み込み中" />;
  if (failed || !result) {
    return <AdminLoadFailed message={context.loadError ?? 'デジタル認定証の一覧を読み込めませんでした。'} onRetry={() => actor.send({ type: 'RETRY' })} />;
  }
  if (result.total === 0) return (
    <>
      {notice}
      <AdminEmpty>{q ? NO_MATCH_TEXT : NO_CREDENTIALS_TEXT}</AdminEmpty>
    </>
  );

  return (
    <>
      {notice}
      {context.action ? (
        <RevocationForm
          action={context.action}
          reason={context.reason}
          category={context.category}
          onCategory={(value) => actor.send({ type: 'CATEGORY', value })}
          reasonError={context.reasonError}
          formError={context.actionError}
          submitting={submitting}
          onReason={(value) => actor.send({ type: 'REASON', value })}
          onSubmit={() => actor.send({ type: 'SUBMIT' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        />
      ) : null}
      {result.items.length === 0 ? (
        <p>このページに表示するデジタル認定証はありません。</p>
      ) : (
        <AdminTableScroll label="デジタル認定証の一覧の表" busy={loading}>
          {/* The roles are spelled out: below 600 px the rows are laid out as cards (display: block),
              which makes some browsers drop a table's implicit roles. */}
          <table className="admin-table credential-table" role="table">
            <caption>デジタル認定証の一覧（全 {result.total} 件）</caption>
            <thead role="rowgroup">
              <tr role="row">
                {Object.values(COLUMNS).map((name) => (
                  <th key={name} scope="col" role="columnheader">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {result.items.map((item) => (
                <CredentialRow key={item.credentialId} item={item} busy={context.action !== null || loading} onStart={() => actor.send({ type: 'START', credentialId: item.credentialId })} />
              ))}
            </tbody>
          </table>
        </AdminTableScroll>
      )}
      <StepPager page={page} pageCount={pageCountOf(result.total)} searchFor={(target) => adminCredentialsSearch(q, target)} />
    </>
  );
}

/**
 * A cell with its column's name, shown only on a card (a phone); the column header is what assistive
 * technology reads, so the copy is hidden from it.
 */
function Cell({ column, className, children }: { column: keyof typeof COLUMNS; className?: string; children: ReactNode }) {
  return (
    <td role="cell" className={className}>
      <span className="credential-table__label" aria-hidden="true">
        {COLUMNS[column]}
      </span>
      {children}
    </td>
  );
}

function CredentialRow({ item, busy, onStart }: { item: AdminCredential; busy: boolean; onStart: () => void }) {
  const revoked = item.status === 'revoked';
  return (
    <tr role="row">
      <Cell column="number" className="credential-table__number">
        {item.certificateSlug}
      </Cell>
      <Cell column="learner">
        {item.learnerName || '（氏名未登録）'}
        {item.learnerEmail ? (
          <>
            <br />
            <span className="credential-secondary">{item.learnerEmail}</span>
          </>
        ) : null}
      </Cell>
      <Cell column="course">{item.courseLabel}</Cell>
      <Cell column="validUntil">
        <time dateTime={item.validUntil}>{formatJapaneseDate(item.validUntil)}</time>
      </Cell>
      <Cell column="status">
        <span className={`credential-status credential-status--${item.status}`}>{CREDENTIAL_STATUS_LABELS[item.status]}</span>
        {revoked && item.revocationCategory ? <span className="credential-secondary">（区分: {REVOCATION_CATEGORY_NAMES[item.revocationCategory]}）</span> : null}
        {revoked && item.reason ? <span className="credential-secondary">（理由: {item.reason}）</span> : null}
      </Cell>
      <Cell column="actions">
        <div className="credential-actions">
          <button type="button" className="button" disabled={busy} onClick={onStart} aria-label={`${item.certificateSlug} ${revoked ? 'の取り消しを解除' : 'を取り消す'}`}>
            {revoked ? '取り消しを解除' : '取り消す'}
          </button>
          <a className="button" href={item.jsonUrl} download={`open-badge-${item.certificateSlug}.json`} aria-label={`${item.certificateSlug} のJSONをダウンロード`}>
            JSONをダウンロード
          </a>
        </div>
      </Cell>
    </tr>
  );
}

interface RevocationFormProps {
  action: CredentialAction;
  reason: string;
  category: RevocationCategory;
  onCategory: (value: RevocationCategory) => void;
  reasonError: string | null;
  formError: string | null;
  submitting: boolean;
  onReason: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The reason for revoking or restoring one credential: the learner's notice quotes it. */
function RevocationForm({ action, reason, category, onCategory, reasonError, formError, submitting, onReason, onSubmit, onCancel }: RevocationFormProps) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const verb = action.revoke ? '取り消す' : '取り消しを解除する';
  // Opened from a row's button: the admin types the reason next.
  useEffect(() => fieldRef.current?.focus(), [action.credential.credentialId]);
  // A refused reason: focus back on it, its message read with it.
  useEffect(() => {
    if (reasonError) fieldRef.current?.focus();
  }, [reasonError]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="credential-revocation" aria-labelledby="credential-revocation-title" onSubmit={submit} noValidate>
      <h2 id="credential-revocation-title" className="credential-revocation__title">
        認定証番号 {action.credential.certificateSlug}（{action.credential.learnerName}・{action.credential.courseLabel}）のデジタル認定証を{verb}
      </h2>
      <FormField id="credential-revocation-reason" label="理由（学習者への通知に記載されます）" error={reasonError ?? undefined} required>
        {(control) => (
          <textarea {...control} ref={fieldRef} className="admin-field__control" maxLength={500} value={reason} onChange={(event) => onReason(event.target.value)} />
        )}
      </FormField>
      {action.revoke ? (
        <FormField id="credential-revocation-category" label="取り消しの区分（認定証の確認ページと検証者に公開されます）" required>
          {(control) => (
            <select {...control} className="admin-field__control" value={category} onChange={(event) => onCategory(event.target.value as RevocationCategory)}>
              {REVOCATION_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {REVOCATION_CATEGORY_NAMES[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {formError ? <p role="alert">{formError}</p> : null}
      <div className="credential-actions">
        <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting || undefined}>
          {action.revoke ? '取り消しを確定' : '取り消しの解除を確定'}
        </button>
        <button type="button" className="button" disabled={submitting} onClick={onCancel}>
          キャンセル
        </button>
      </div>
    </form>
  );
}
