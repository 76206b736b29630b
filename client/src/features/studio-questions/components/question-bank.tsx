import type { BankQuestion, QuestionBankQuery, QuestionFields } from '@campus/contracts/studio-questions';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { useMachine } from '@xstate/react';
import { AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { FilterSelect } from '../../../components/filter-select';
import { FormField } from '../../../components/form-field';
import type { ItemStatistic } from '@campus/contracts/item-statistics';
import { questionBankMachine, sortedQuestions, type SortKey } from '../machines/question-bank.machine';
import { FLAG_LABELS, ScoreBandChart } from './item-statistics-view';
import { BlueprintForm } from './blueprint-form';
import '../../../components/studio.css';
import './studio-questions.css';

export const STATUS_LABELS: Record<BankQuestion['status'], string> = { draft: '下書き', review: 'レビュー中', published: '公開中', retired: '廃止' };
const TYPE_LABELS = { single: 'ひとつ選ぶ', multiple: 'すべて選ぶ' } as const;
const DIFFICULTY_LABELS = { easy: 'やさしい', medium: 'ふつう', hard: 'むずかしい' } as const;

/** /admin/studio/questions/{courseSlug}: the bank with filters, one question's editor and history, and the blueprint. */
export function QuestionBankEditor({ courseSlug, logic = questionBankMachine }: { courseSlug: string; logic?: typeof questionBankMachine }) {
  const [snapshot, send] = useMachine(logic, { input: { courseSlug } });
  const { bank, editor, history, blueprint, errors, formError, notice, newer, filter, stats, gradedSessions, sort } = snapshot.context;
  if (snapshot.matches('loading') && !bank) return <AdminLoading label="問題バンクを読み込み中" />;
  if (snapshot.matches('failed') || !bank || !blueprint) return <AdminLoadFailed message={formError ?? '問題バンクを読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;

  const busy = !snapshot.matches('ready') && !snapshot.matches('conflict');
  const topics = Object.keys(bank.blueprint.topics);
  const topicName = (topic: string) => bank.blueprint.topicNames[topic] ?? topic;
  const setFilter = (next: QuestionBankQuery) => send({ type: 'FILTER', filter: next });
  const set = (key: keyof QuestionBankQuery, value: string) => setFilter({ ...filter, [key]: value === '' ? undefined : value });

  return (
    <div className="studio studio-questions">
      <p className="studio__hint">
        {bank.courseTitle}・問題 {bank.questions.length} 件
        {filter.status || filter.topic || filter.type || filter.q ? '（絞り込み中）' : ''}・
        <a href={`/api/v1/admin/studio/certification-courses/${courseSlug}/questions.yaml`} download>
          公開中の問題を YAML でダウンロード
        </a>
      </p>

      <BlueprintForm
        blueprint={blueprint}
        publishedByTopic={bank.publishedByTopic}
        errors={errors}
        busy={busy}
        onChange={(next) => send({ type: 'EDIT_BLUEPRINT', blueprint: next })}
        onSave={() => send({ type: 'SAVE_BLUEPRINT' })}
      />

      <form className="studio-filters" role="search" aria-label="問題の絞り込み" onSubmit={(event) => event.preventDefault()}>
        <label className="studio-filters__item" htmlFor="bank-filter-q">
          キーワード
          <input id="bank-filter-q" className="admin-field__control" type="search" defaultValue={filter.q ?? ''} onChange={(event) => set('q', event.target.value)} placeholder="問題文・ID" />
        </label>
        <FilterSelect id="bank-filter-status" label="状態" value={filter.status} options={Object.entries(STATUS_LABELS)} onChange={(value) => set('status', value)} />
        <FilterSelect id="bank-filter-topic" label="分野" value={filter.topic} options={topics.map((topic) => [topic, topicName(topic)] as const)} onChange={(value) => set('topic', value)} />
        <FilterSelect id="bank-filter-type" label="形式" value={filter.type} options={Object.entries(TYPE_LABELS)} onChange={(value) => set('type', value)} />
        <button type="button" className="button button--primary" disabled={busy} onClick={() => send({ type: 'NEW' })}>
          問題を追加
        </button>
      </form>

      {notice ? <p className="studio-notice" role="status">{notice}</p> : null}
      {snapshot.matches('conflict') ? (
        <div className="studio-conflict" role="alert">
          <p className="studio-conflict__title">{formError}</p>
          {newer ? (
            <p>
              最新の版（第 {newer.version} 版・{STATUS_LABELS[newer.status]}・{newer.editedByName ?? '別の管理者'}）: {newer.prompt}
            </p>
          ) : null}
          <button type="button" className="button button--primary" onClick={() => send({ type: 'RELOAD' })}>
            最新の版を読み込む
          </button>
        </div>
      ) : null}

      {editor ? (
        <QuestionForm
          key={`${editor.questionId ?? 'new'}`}
          questionId={editor.questionId}
          version={editor.version}
          fields={editor.fields}
          status={history[0]?.status ?? null}
          stat={editor.questionId ? (stats[editor.questionId] ?? null) : null}
          publishedVersion={history[0]?.publishedVersion ?? null}
          topics={topics.map((topic) => ({ slug: topic, name: topicName(topic) }))}
          errors={errors}
          formError={snapshot.matches('conflict') ? null : formError}
          busy={busy}
          onEdit={(fields) => send({ type: 'EDIT', fields })}
          onSave={() => send({ type: 'SAVE' })}
          onMove={(status) => send({ type: 'MOVE', status })}
          onClose={() => send({ type: 'CLOSE' })}
        />
      ) : null}
      {editor && history.length > 0 ? (
        <section className="studio-history" aria-labelledby="studio-history-title">
          <h2 id="studio-history-title" className="studio__heading">版の履歴</h2>
          <ol className="studio-history__list">
            {history.map((version) => (
              <li key={version.version}>
                第 {version.version} 版・{STATUS_LABELS[version.status]}・<time dateTime={version.editedAt}>{formatJapaneseDateTime(version.editedAt)}</time>
                {version.editedByName ? `（${version.editedByName}）` : '（コンテンツの取り込み）'}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <div className="studio-table-wrap">
        <table className="studio-table">
          <caption className="studio__hint">
            各問題の最新の版と、採点済みの受験 {gradedSessions} 回からの統計（正答率 p・識別力は残りの得点との点双列相関・出題率は受験のうちその問題が出た割合）
          </caption>
          <thead>
            <tr>
              <SortableHeader label="問題 ID" sortKey="questionId" sort={sort} onSort={(key) => send({ type: 'SORT', key })} />
              <th scope="col">分野</th>
              <th scope="col">状態</th>
              <SortableHeader label="受験数" sortKey="attempts" sort={sort} onSort={(key) => send({ type: 'SORT', key })} />
              <SortableHeader label="正答率 (p)" sortKey="pValue" sort={sort} onSort={(key) => send({ type: 'SORT', key })} />
              <SortableHeader label="識別力" sortKey="discrimination" sort={sort} onSort={(key) => send({ type: 'SORT', key })} />
              <SortableHeader label="出題率" sortKey="exposure" sort={sort} onSort={(key) => send({ type: 'SORT', key })} />
              <th scope="col">注意</th>
              <th scope="col">問題文</th>
            </tr>
          </thead>
          <tbody>
            {sortedQuestions(bank.questions, stats, sort).map((question) => {
              const stat = stats[question.questionId];
              return (
                <tr key={question.questionId} aria-selected={editor?.questionId === question.questionId}>
                  <td>
                    <button type="button" className="studio-table__open" onClick={() => send({ type: 'OPEN', questionId: question.questionId })} disabled={busy}>
                      {question.questionId}
                    </button>
                  </td>
                  <td>{topicName(question.topic)}</td>
                  <td>
                    <span className={`studio-status studio-status--${question.status === 'published' ? 'published' : question.status === 'retired' ? 'unpublished' : 'draft'}`}>{STATUS_LABELS[question.status]}</span>
                    {question.publishedVersion !== null && question.publishedVersion !== question.version ? <span className="studio__hint">（公開中は第 {question.publishedVersion} 版）</span> : null}
                  </td>
                  <td>{stat?.attempts ?? 0}</td>
                  <td>{ratio(stat?.pValue)}</td>
                  <td>{stat?.discrimination == null ? '—' : stat.discrimination.toFixed(2)}</td>
                  <td>{ratio(stat?.exposure)}</td>
                  <td>
                    {stat?.flags.map((flag) => (
                      <span key={flag} className="studio-flag">{FLAG_LABELS[flag]}</span>
                    ))}
                  </td>
                  <td className="studio-table__prompt">{question.prompt}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {bank.questions.length === 0 ? <p className="empty-state__message">条件に合う問題はありません。</p> : null}
      </div>
    </div>
  );
}

const ratio = (value: number | null | undefined) => (value == null ? '—' : `${Math.round(value * 100)} %`);

/** A column header that sorts the table (again: the other way), telling assistive technology how it is sorted. */
function SortableHeader({ label, sortKey, sort, onSort }: { label: string; sortKey: SortKey; sort: { key: SortKey; descending: boolean }; onSort: (key: SortKey) => void }) {
  const active = sort.key === sortKey;
  return (
    <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="studio-table__sort" onClick={() => onSort(sortKey)}>
        {label}
        <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
      </button>
    </th>
  );
}

interface QuestionFormProps {
  questionId: string | null;
  version: number;
  fields: QuestionFields;
  status: BankQuestion['status'] | null;
  stat: ItemStatistic | null;
  publishedVersion: number | null;
  topics: { slug: string; name: string }[];
  errors: Record<string, string>;
  formError: string | null;
  busy: boolean;
  onEdit: (fields: Partial<QuestionFields>) => void;
  onSave: () => void;
  onMove: (status: 'review' | 'published' | 'retired') => void;
  onClose: () => void;
}

/** One question's editor: prompt, 2–6 choices with their correct marks, explanation, topic, difficulty; then its state moves. */
function QuestionForm({ questionId, version, fields, status, stat, publishedVersion, topics, errors, formError, busy, onEdit, onSave, onMove, onClose }: QuestionFormProps) {
  const setChoice = (index: number, change: Partial<QuestionFields['choices'][number]>) =>
    onEdit({
      choices: fields.choices.map((choice, at) =>
        at === index ? { ...choice, ...change } : fields.type === 'single' && change.correct ? { ...choice, correct: false } : choice,
      ),
    });
  const movable = questionId !== null;
  return (
    <form
      className="admin-form studio-question-form"
      aria-label={questionId ? `問題 ${questionId} の編集` : '新しい問題'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <h2 className="studio__heading">
        {questionId ? `問題 ${questionId}（第 ${version} 版・${status ? STATUS_LABELS[status] : ''}）` : '新しい問題'}
        {publishedVersion !== null && publishedVersion !== version ? `・公開中は第 ${publishedVersion} 版` : ''}
      </h2>
      <fieldset className="admin-form admin-form__fields" disabled={busy}>
        <div className="studio-row">
          <FormField id="question-topic" label="分野" error={errors.topic}>
            {(control) => (
              <select {...control} className="admin-field__control" value={fields.topic} onChange={(event) => onEdit({ topic: event.target.value })}>
                {topics.map((topic) => (
                  <option key={topic.slug} value={topic.slug}>{topic.name}</option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="question-type" label="形式" error={errors.type}>
            {(control) => (
              <select
                {...control}
                className="admin-field__control"
                value={fields.type}
                onChange={(event) => onEdit({ type: event.target.value as QuestionFields['type'] })}
              >
                <option value="single">{TYPE_LABELS.single}</option>
                <option value="multiple">{TYPE_LABELS.multiple}</option>
              </select>
            )}
          </FormField>
          <FormField id="question-difficulty" label="難易度" error={errors.difficulty}>
            {(control) => (
              <select
                {...control}
                className="admin-field__control"
                value={fields.difficulty ?? ''}
                onChange={(event) => onEdit({ difficulty: event.target.value === '' ? null : (event.target.value as QuestionFields['difficulty']) })}
              >
                <option value="">未設定</option>
                {Object.entries(DIFFICULTY_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>{label}</option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField id="question-prompt" label="問題文" required error={errors.prompt}>
          {(control) => <textarea {...control} className="admin-field__control" rows={3} value={fields.prompt} onChange={(event) => onEdit({ prompt: event.target.value })} />}
        </FormField>
        <fieldset className="admin-field">
          <legend>選択肢（2〜6 個。{fields.type === 'single' ? '正解を 1 つ' : '正解を 2 つ以上、すべてではなく'}選びます）</legend>
          <ol className="studio-choices">
            {fields.choices.map((choice, index) => (
              <li key={index} className="studio-choices__item">
                <label className="admin-field__choice">
                  <input type={fields.type === 'single' ? 'radio' : 'checkbox'} name="correct" checked={choice.correct} onChange={(event) => setChoice(index, { correct: event.target.checked })} />
                  正解
                </label>
                <input
                  className="admin-field__control"
                  type="text"
                  aria-label={`選択肢 ${index + 1}`}
                  value={choice.text}
                  onChange={(event) => setChoice(index, { text: event.target.value })}
                />
                <button type="button" className="button button--quiet" disabled={fields.choices.length <= 2} onClick={() => onEdit({ choices: fields.choices.filter((_, at) => at !== index) })}>
                  削除
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="button" disabled={fields.choices.length >= 6} onClick={() => onEdit({ choices: [...fields.choices, { text: '', correct: false }] })}>
            選択肢を追加
          </button>
          {errors.choices ? <p className="admin-field__error" role="alert">{errors.choices}</p> : null}
        </fieldset>
        <FormField id="question-explanation" label="解説" required error={errors.explanation}>
          {(control) => <textarea {...control} className="admin-field__control" rows={3} value={fields.explanation} onChange={(event) => onEdit({ explanation: event.target.value })} />}
        </FormField>
      </fieldset>
      {stat && stat.attempts > 0 ? <ScoreBandChart stat={stat} /> : null}
      {formError ? <p className="admin-form__error" role="alert">{formError}</p> : null}
      <div className="admin-form__actions studio-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          下書き保存
        </button>
        {movable ? (
          <>
            <button type="button" className="button" disabled={busy || status !== 'draft'} onClick={() => onMove('review')}>
              レビューに回す
            </button>
            <button type="button" className="button" disabled={busy || (status !== 'draft' && status !== 'review')} onClick={() => onMove('published')}>
              公開する
            </button>
            <button type="button" className="button" disabled={busy || status === 'retired'} onClick={() => onMove('retired')}>
              廃止する
            </button>
          </>
        ) : null}
        <button type="button" className="button button--quiet" onClick={onClose}>
          閉じる
        </button>
      </div>
    </form>
  );
}
