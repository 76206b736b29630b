import { QUESTION_STATUSES, type BankQuestion, type QuestionBankQuery, type QuestionStatus } from '@campus/contracts/studio-questions';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { useMachine } from '@xstate/react';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { questionsYamlHref } from '../api/studio-questions';
import { questionListMachine } from '../machines/question-list.machine';
import { QUESTION_STATUS_LABELS, QUESTION_TYPE_LABELS, blueprintPath, examPreviewPath, newQuestionPath, questionEditPath, questionStatisticsPath } from '../question-labels';
import './studio-questions.css';

const YAML_MAX_BYTES = 1_000_000;

/** /admin/studio/questions/{courseSlug}: the bank with search and filters, the YAML import and export. */
export function QuestionList({ courseSlug, logic = questionListMachine }: { courseSlug: string; logic?: typeof questionListMachine }) {
  const [snapshot, send] = useMachine(logic, { input: { courseSlug } });
  const { bank, filter, loadError, importError, notice } = snapshot.context;
  const [fileError, setFileError] = useState<string | null>(null);
  const topicNames = bank?.blueprint.topicNames ?? {};
  const pick = (key: Exclude<keyof QuestionBankQuery, 'q'>) => (event: ChangeEvent<HTMLSelectElement>) =>
    send({ type: 'FILTER', filter: { status: filter.status, topic: filter.topic, type: filter.type, [key]: event.target.value || undefined } });
  const chip = (status: QuestionStatus | undefined) => send({ type: 'FILTER', filter: { topic: filter.topic, type: filter.type, status } });

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here too so a big file is not sent at all; the server checks again.
    if (file.size > YAML_MAX_BYTES) {
      setFileError('questions.yaml は 1 MB までです');
      return;
    }
    setFileError(null);
    send({ type: 'IMPORT', yaml: await file.text() });
  };

  if (!bank && snapshot.matches('failed')) return <AdminLoadFailed message={loadError ?? '問題バンクを読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;
  if (!bank) return <AdminLoading label="問題を読み込み中" />;
  const counts = Object.fromEntries(QUESTION_STATUSES.map((status) => [status, bank.questions.filter((question) => question.status === status).length]));
  const busy = snapshot.matches('loading') || snapshot.matches('typing');

  return (
    <div className="qbank">
      <div className="qbank__actions">
        <Link className="button button--primary" to={newQuestionPath(courseSlug)}>
          新しい問題
        </Link>
        <Link className="button" to={blueprintPath(courseSlug)}>
          出題設計
        </Link>
        <Link className="button" to={examPreviewPath(courseSlug)}>
          見本の試験
        </Link>
        <a className="button button--quiet" href={questionsYamlHref(courseSlug)} download={`${courseSlug}-questions.yaml`}>
          公開中の問題を YAML で書き出す
        </a>
      </div>
      {notice ? <p className="qbank-notice" role="status">{notice}</p> : null}

      <form className="qbank-filters" role="search" aria-label="問題の絞り込み" onSubmit={(event) => event.preventDefault()}>
        <label className="qbank-filters__item" htmlFor="qbank-filter-q">
          キーワード（問題文・ID）
          <input id="qbank-filter-q" className="admin-field__control" type="search" maxLength={100} value={filter.q ?? ''} onChange={(event) => send({ type: 'SEARCH', q: event.target.value })} />
        </label>
        <label className="qbank-filters__item" htmlFor="qbank-filter-status">
          状態
          <select id="qbank-filter-status" className="admin-field__control" value={filter.status ?? ''} onChange={pick('status')}>
            <option value="">すべて</option>
            {QUESTION_STATUSES.map((status) => (
              <option key={status} value={status}>{QUESTION_STATUS_LABELS[status]}</option>
            ))}
          </select>
        </label>
        <label className="qbank-filters__item" htmlFor="qbank-filter-topic">
          分野
          <select id="qbank-filter-topic" className="admin-field__control" value={filter.topic ?? ''} onChange={pick('topic')}>
            <option value="">すべて</option>
            {Object.keys(bank.blueprint.topics).map((topic) => (
              <option key={topic} value={topic}>{topicNames[topic] ?? topic}</option>
            ))}
          </select>
        </label>
        <label className="qbank-filters__item" htmlFor="qbank-filter-type">
          形式
          <select id="qbank-filter-type" className="admin-field__control" value={filter.type ?? ''} onChange={pick('type')}>
            <option value="">すべて</option>
            <option value="single">{QUESTION_TYPE_LABELS.single}</option>
            <option value="multiple">{QUESTION_TYPE_LABELS.multiple}</option>
          </select>
        </label>
      </form>

      <ul className="qbank-chips" aria-label="状態で絞り込む">
        <li>
          <button type="button" className="qbank-chip" aria-pressed={!filter.status} onClick={() => chip(undefined)}>
            すべて
          </button>
        </li>
        {QUESTION_STATUSES.map((status) => (
          <li key={status}>
            <button type="button" className="qbank-chip" aria-pressed={filter.status === status} onClick={() => chip(status)}>
              {QUESTION_STATUS_LABELS[status]}
              {filter.status === status || !filter.status ? `（${counts[status]}）` : ''}
            </button>
          </li>
        ))}
      </ul>

      {loadError && snapshot.matches('failed') ? <AdminLoadFailed message={loadError} onRetry={() => send({ type: 'RETRY' })} /> : null}
      <p className="qbank__hint" role="status" aria-live="polite">
        {busy ? '読み込み中…' : `${bank.questions.length} 問`}
      </p>
      {bank.questions.length === 0 && !busy ? (
        <p className="empty-state__message">条件に合う問題はありません。</p>
      ) : (
        <ul className="qbank-list" aria-label="問題" aria-busy={busy}>
          {bank.questions.map((question) => (
            <QuestionRow key={question.questionId} courseSlug={courseSlug} question={question} topicName={topicNames[question.topic] ?? question.topic} />
          ))}
        </ul>
      )}

      <section className="qbank-import" aria-labelledby="qbank-import-title">
        <h2 id="qbank-import-title" className="qbank__heading">
          questions.yaml を取り込む
        </h2>
        <p className="qbank__hint">content パックと同じ形式（1 MB まで）。新しい問題と内容の変わった問題が下書きになり、同じ問題はそのままです。1 問でも誤りがあれば何も取り込みません。</p>
        <label className="qbank-filters__item" htmlFor="qbank-import-file">
          YAML ファイル
          <input id="qbank-import-file" type="file" accept=".yaml,.yml,application/yaml,text/yaml" disabled={snapshot.matches('importing')} onChange={readFile} />
        </label>
        {snapshot.matches('importing') ? <p className="qbank__hint" role="status">取り込み中…</p> : null}
        {fileError || importError ? (
          <p className="admin-form__error" role="alert">
            {fileError ?? importError}
          </p>
        ) : null}
      </section>
    </div>
  );
}

function QuestionRow({ courseSlug, question, topicName }: { courseSlug: string; question: BankQuestion; topicName: string }) {
  return (
    <li className="qbank-item">
      <Link className="qbank-item__prompt" to={questionEditPath(courseSlug, question.questionId)}>
        {question.prompt.length > 120 ? `${question.prompt.slice(0, 120)}…` : question.prompt}
      </Link>
      <div className="qbank__actions">
        <span className={`qbank-chip qbank-chip--${question.status}`}>{QUESTION_STATUS_LABELS[question.status]}</span>
        <span className="qbank-chip">{topicName}</span>
        <span className="qbank-chip">{QUESTION_TYPE_LABELS[question.type]}</span>
      </div>
      <p className="qbank-item__meta">
        {question.questionId}・第 {question.version} 版{question.publishedVersion !== null && question.publishedVersion !== question.version ? `（公開中は第 ${question.publishedVersion} 版）` : ''}・
        {question.editedByName ?? 'content パック'}・<time dateTime={question.editedAt}>{formatJapaneseDateTime(question.editedAt)}</time>
      </p>
      <div className="qbank__actions">
        <Link to={questionEditPath(courseSlug, question.questionId)} aria-label={`${question.questionId} を編集・履歴を見る`}>
          編集・履歴
        </Link>
        <Link to={questionStatisticsPath(courseSlug, question.questionId)} aria-label={`${question.questionId} の統計`}>
          統計
        </Link>
      </div>
    </li>
  );
}
