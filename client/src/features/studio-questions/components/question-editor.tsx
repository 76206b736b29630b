import type { BankQuestion } from '@campus/contracts/studio-questions';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { FormField } from '../../../components/form-field';
import { MAX_CHOICES, MIN_CHOICES, questionEditorMachine, type Move } from '../machines/question-editor.machine';
import { DIFFICULTY_LABELS, QUESTION_STATUS_LABELS, QUESTION_TYPE_LABELS, questionBankPath, questionStatisticsPath } from '../question-labels';
import './studio-questions.css';

/** Which moves a question's latest state allows (the server checks again). */
const MOVES_FROM: Record<BankQuestion['status'] | 'new', Move[]> = {
  new: ['review', 'published'],
  draft: ['review', 'published', 'retired'],
  review: ['published', 'retired'],
  published: ['retired'],
  retired: [],
};

/** The editor of one question (`questionId` null: a new one); `onSaved` hears the id once the first save made one. */
export function QuestionEditor({
  courseSlug,
  questionId,
  notice = null,
  onSaved,
  logic = questionEditorMachine,
}: {
  courseSlug: string;
  questionId: string | null;
  notice?: string | null;
  onSaved?: (questionId: string, notice: string | null) => void;
  logic?: typeof questionEditorMachine;
}) {
  const [snapshot, send, actor] = useMachine(logic, { input: { courseSlug, questionId, notice } });
  const { form, topics, errors, formError, version, status, publishedVersion, versions, newer, dirty, courseTitle } = snapshot.context;

  useEffect(() => {
    if (questionId !== null || !onSaved) return undefined;
    // A new question got its id: the page moves to its own address once the save (and any move) is done.
    let told = false;
    const subscription = actor.subscribe((state) => {
      if (told || !state.context.questionId || !(state.matches('editing') || state.matches('history'))) return;
      told = true;
      onSaved(state.context.questionId, state.context.notice);
    });
    return () => subscription.unsubscribe();
  }, [actor, questionId, onSaved]);

  if (snapshot.matches('loading')) return <AdminLoading label="問題を読み込み中" />;
  if (snapshot.matches('loadFailed')) return <AdminLoadFailed message={formError ?? '問題を読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;

  const busy = snapshot.matches('saving') || snapshot.matches('moving');
  const conflict = snapshot.matches('conflict');
  const locked = busy || conflict;
  const multiple = form.type === 'multiple';
  const moves = MOVES_FROM[status ?? 'new'];

  return (
    <div className="qbank">
      <p className="qbank__hint">
        <Link to={questionBankPath(courseSlug)}>{courseTitle || courseSlug} の問題一覧へ</Link>
        {snapshot.context.questionId ? (
          <>
            {' ・ '}
            <Link to={questionStatisticsPath(courseSlug, snapshot.context.questionId)}>この問題の統計</Link>
          </>
        ) : null}
      </p>
      <p className="qbank__hint" role="status">
        {snapshot.context.questionId ? `${snapshot.context.questionId}・第 ${version} 版（${QUESTION_STATUS_LABELS[status ?? 'draft']}）` : '新しい問題（まだ保存されていません）'}
        {publishedVersion !== null ? `・公開中は第 ${publishedVersion} 版` : '・公開中の版はありません'}
        {dirty ? '・未保存の変更あり' : ''}
      </p>
      {snapshot.context.notice ? <p className="qbank-notice" role="status">{snapshot.context.notice}</p> : null}

      {conflict ? (
        <div className="qbank-conflict" role="alert">
          <p className="qbank-conflict__title">{formError}</p>
          {newer ? <NewerVersion question={newer} topicName={topics.find((topic) => topic.slug === newer.topic)?.name ?? newer.topic} /> : null}
          <div className="qbank__actions">
            <button type="button" className="button button--primary" onClick={() => send({ type: 'RELOAD' })}>
              最新の版を読み込む
            </button>
            {newer ? (
              <button type="button" className="button" onClick={() => send({ type: 'KEEP_MINE' })}>
                自分の編集を続ける（保存すると第 {newer.version + 1} 版になります）
              </button>
            ) : null}
          </div>
        </div>
      ) : null}

      <div className="qbank-editor">
        <form
          className="admin-form"
          aria-label="問題の編集"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SAVE' });
          }}
        >
          <fieldset className="admin-form admin-form__fields" disabled={locked}>
            <FormField id="question-prompt" label="問題文（1,000 文字まで）" required error={errors.prompt}>
              {(control) => (
                <textarea {...control} className="admin-field__control" rows={4} maxLength={1000} value={form.prompt} onChange={(event) => send({ type: 'EDIT', field: 'prompt', value: event.target.value })} />
              )}
            </FormField>
            <div className="qbank-numbers">
              <FormField id="question-type" label="形式" error={errors.type}>
                {(control) => (
                  <select {...control} className="admin-field__control" value={form.type} onChange={(event) => send({ type: 'SET_TYPE', value: event.target.value as 'single' | 'multiple' })}>
                    <option value="single">{QUESTION_TYPE_LABELS.single}（正解 1 つ）</option>
                    <option value="multiple">{QUESTION_TYPE_LABELS.multiple}（正解 2 つ以上）</option>
                  </select>
                )}
              </FormField>
              <FormField id="question-topic" label="分野" required error={errors.topic}>
                {(control) => (
                  <select {...control} className="admin-field__control" value={form.topic} onChange={(event) => send({ type: 'EDIT', field: 'topic', value: event.target.value })}>
                    {topics.map((topic) => (
                      <option key={topic.slug} value={topic.slug}>{topic.name}</option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField id="question-difficulty" label="難易度" error={errors.difficulty}>
                {(control) => (
                  <select
                    {...control}
                    className="admin-field__control"
                    value={form.difficulty ?? ''}
                    onChange={(event) => send({ type: 'SET_DIFFICULTY', value: (event.target.value || null) as 'easy' | 'medium' | 'hard' | null })}
                  >
                    <option value="">指定なし</option>
                    {Object.entries(DIFFICULTY_LABELS).map(([value, label]) => (
                      <option key={value} value={value}>{label}</option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>

            <fieldset className="admin-form" aria-describedby={errors.choices ? 'question-choices-error' : 'question-choices-hint'}>
              <legend className="admin-field__label">選択肢（{MIN_CHOICES}〜{MAX_CHOICES} 個）</legend>
              <p id="question-choices-hint" className="admin-field__hint">
                {multiple ? '正解をすべてチェックしてください（2 つ以上、すべては不可）。' : '正解を 1 つ選んでください。'}
              </p>
              <ol className="qbank-choices">
                {form.choices.map((choice, index) => {
                  const label = `選択肢 ${index + 1}`;
                  const textError = errors[`choices.${index}.text`];
                  return (
                    <li key={index} className="qbank-choice">
                      <label className="qbank-choice__mark">
                        <input
                          type={multiple ? 'checkbox' : 'radio'}
                          name="question-correct"
                          checked={choice.correct}
                          onChange={(event) => send({ type: 'CHOICE_CORRECT', index, correct: event.target.checked })}
                        />
                        正解
                        <span className="visually-hidden">（{label}）</span>
                      </label>
                      <input
                        className="admin-field__control"
                        type="text"
                        aria-label={label}
                        maxLength={300}
                        value={choice.text}
                        aria-invalid={textError ? true : undefined}
                        aria-describedby={textError ? `question-choice-${index}-error` : undefined}
                        onChange={(event) => send({ type: 'CHOICE_TEXT', index, text: event.target.value })}
                      />
                      <button
                        type="button"
                        className="button button--quiet"
                        aria-label={`${label}を削除`}
                        disabled={form.choices.length <= MIN_CHOICES}
                        onClick={() => send({ type: 'CHOICE_REMOVE', index })}
                      >
                        削除
                      </button>
                      {textError ? (
                        <p id={`question-choice-${index}-error`} className="admin-field__error">
                          {textError}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
              <div className="qbank__actions">
                <button type="button" className="button" disabled={form.choices.length >= MAX_CHOICES} onClick={() => send({ type: 'CHOICE_ADD' })}>
                  選択肢を追加
                </button>
              </div>
              {errors.choices ? (
                <p id="question-choices-error" className="admin-field__error">
                  {errors.choices}
                </p>
              ) : null}
            </fieldset>

            <FormField id="question-explanation" label="解説（2,000 文字まで）" required error={errors.explanation}>
              {(control) => (
                <textarea
                  {...control}
                  className="admin-field__control"
                  rows={4}
                  maxLength={2000}
                  value={form.explanation}
                  onChange={(event) => send({ type: 'EDIT', field: 'explanation', value: event.target.value })}
                />
              )}
            </FormField>
          </fieldset>
          {formError && !conflict ? (
            <p className="admin-form__error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="qbank__actions">
            <button type="submit" className="button" disabled={locked}>
              下書き保存
            </button>
            {moves.includes('review') ? (
              <button type="button" className="button" disabled={locked} onClick={() => send({ type: 'MOVE', to: 'review' })}>
                レビューに回す
              </button>
            ) : null}
            {moves.includes('published') ? (
              <button type="button" className="button button--primary" disabled={locked} onClick={() => send({ type: 'MOVE', to: 'published' })}>
                公開する
              </button>
            ) : null}
            {moves.includes('retired') ? (
              <button type="button" className="button button--quiet" disabled={locked || dirty} onClick={() => send({ type: 'MOVE', to: 'retired' })}>
                廃止する
              </button>
            ) : null}
            {busy ? <span role="status">保存中…</span> : null}
          </div>
          {status === 'retired' ? <p className="qbank__hint">この問題は廃止されています。内容を直して保存すると、新しい版の下書きとして戻せます。</p> : null}
          {status === 'published' && !dirty ? <p className="qbank__hint">公開中の問題を直すと新しい版の下書きになり、公開するまで今の版が出題されます。</p> : null}
        </form>

        <section aria-labelledby="qbank-history-title" className="qbank">
          <h2 id="qbank-history-title" className="qbank__heading">
            版の履歴
          </h2>
          {versions.length === 0 ? (
            <p className="qbank__hint">まだ保存されていません。</p>
          ) : (
            <ol className="qbank-versions" aria-label="版の履歴（新しい順）">
              {versions.map((entry) => (
                <li key={entry.version} className={`qbank-version${entry.version === version ? ' qbank-version--current' : ''}`}>
                  <span>
                    第 {entry.version} 版 <span className={`qbank-chip qbank-chip--${entry.status}`}>{QUESTION_STATUS_LABELS[entry.status]}</span>
                  </span>
                  <span className="qbank-item__meta">
                    {entry.editedByName ?? 'content パック'}・<time dateTime={entry.editedAt}>{formatJapaneseDateTime(entry.editedAt)}</time>
                  </span>
                  <span className="qbank-item__meta">{entry.prompt.length > 60 ? `${entry.prompt.slice(0, 60)}…` : entry.prompt}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

/** What the other admin saved, shown in full so this admin can compare before choosing. */
function NewerVersion({ question, topicName }: { question: BankQuestion; topicName: string }) {
  return (
    <div className="qbank-newer" aria-label="最新の版">
      <p className="qbank-item__meta">
        最新の版: 第 {question.version} 版（{QUESTION_STATUS_LABELS[question.status]}、{question.editedByName ?? '別の管理者'}、
        <time dateTime={question.editedAt}>{formatJapaneseDateTime(question.editedAt)}</time>）・{topicName}・{QUESTION_TYPE_LABELS[question.type]}
      </p>
      <p className="qbank-item__prompt">{question.prompt}</p>
      <ol>
        {question.choices.map((choice, index) => (
          <li key={index}>
            {choice.text}
            {choice.correct ? '（正解）' : ''}
          </li>
        ))}
      </ol>
      <p className="qbank-item__meta">解説: {question.explanation}</p>
    </div>
  );
}
