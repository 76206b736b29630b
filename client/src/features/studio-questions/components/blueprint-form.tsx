import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { AdminLoadFailed, AdminLoading, AdminTableScroll } from '../../../components/admin-page';
import { FormField } from '../../../components/form-field';
import { blueprintMachine, shortTopicsOf, topicSum, type BlueprintNumber } from '../machines/blueprint.machine';
import { questionBankPath } from '../question-labels';
import './studio-questions.css';

const NUMBERS: { field: BlueprintNumber; label: string; min: number; max: number; unit: string }[] = [
  { field: 'questionCount', label: '出題数', min: 0, max: 100, unit: '問' },
  { field: 'minutes', label: '制限時間', min: 5, max: 240, unit: '分' },
  { field: 'passPercent', label: '合格点', min: 1, max: 100, unit: '%' },
  { field: 'retakeWaitHours', label: '再受験までの時間', min: 0, max: 720, unit: '時間' },
  { field: 'badgeValidMonths', label: 'バッジの有効期間', min: 1, max: 60, unit: 'か月' },
];

/** An input's number, NaN while it is empty (the server names the field if it is sent so). */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** /admin/studio/questions/{courseSlug}/blueprint: the exam's settings, with each topic's published count beside what it asks. */
export function BlueprintForm({ courseSlug, logic = blueprintMachine }: { courseSlug: string; logic?: typeof blueprintMachine }) {
  const [snapshot, send] = useMachine(logic, { input: { courseSlug } });
  const { form, newTopic, publishedByTopic, errors, formError, notice, courseTitle } = snapshot.context;
  if (snapshot.matches('loading') && !form) return <AdminLoading label="出題設計を読み込み中" />;
  if (snapshot.matches('loadFailed') || !form) return <AdminLoadFailed message={formError ?? '出題設計を読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;
  const busy = snapshot.matches('saving') || snapshot.matches('loading');
  const conflict = snapshot.matches('conflict');
  const sum = topicSum(form);
  const short = shortTopicsOf(form, publishedByTopic);

  return (
    <div className="qbank">
      <p className="qbank__hint">
        <Link to={questionBankPath(courseSlug)}>{courseTitle} の問題一覧へ</Link>
      </p>
      {notice ? <p className="qbank-notice" role="status">{notice}</p> : null}
      {form.questionCount === 0 ? (
        <p className="qbank__hint">
          出題数が 0 問の間、このコースは受講者に表示されません。分野を追加して問題を書き、公開してから出題数を決めて保存してください。
        </p>
      ) : null}
      {conflict ? (
        <div className="qbank-conflict" role="alert">
          <p className="qbank-conflict__title">{formError}</p>
          <button type="button" className="button button--primary" onClick={() => send({ type: 'RELOAD' })}>
            最新の出題設計を読み込む
          </button>
        </div>
      ) : null}
      <form
        className="admin-form"
        aria-label="出題設計"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SAVE' });
        }}
      >
        <fieldset className="admin-form admin-form__fields" disabled={busy || conflict}>
          <div className="qbank-numbers">
            {NUMBERS.map(({ field, label, min, max, unit }) => (
              <FormField key={field} id={`blueprint-${field}`} label={`${label}（${min}〜${max} ${unit}）`} required error={errors[field]}>
                {(control) => (
                  <input
                    {...control}
                    className="admin-field__control"
                    type="number"
                    inputMode="numeric"
                    min={min}
                    max={max}
                    value={Number.isNaN(form[field]) ? '' : form[field]}
                    onChange={(event) => send({ type: 'EDIT', field, value: numberOf(event.target.value) })}
                  />
                )}
              </FormField>
            ))}
          </div>
          <AdminTableScroll label="分野ごとの出題数">
            <table className="qbank-topics">
              <caption className="qbank__hint">
                分野ごとの出題数の合計: {sum} 問（出題数 {Number.isNaN(form.questionCount) ? '—' : form.questionCount} 問）{sum !== form.questionCount ? '・合計を出題数に合わせてください' : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">分野</th>
                  <th scope="col">分野名</th>
                  <th scope="col">出題数</th>
                  <th scope="col">公開済み</th>
                  <th scope="col">
                    <span className="visually-hidden">操作</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(form.topics).map(([topic, count]) => {
                  const published = publishedByTopic[topic] ?? 0;
                  const missing = Number.isFinite(count) ? count - published : 0;
                  return (
                    <tr key={topic}>
                      <th scope="row">{topic}</th>
                      <td>
                        <input
                          className="admin-field__control"
                          type="text"
                          aria-label={`${topic} の分野名`}
                          maxLength={60}
                          value={form.topicNames[topic] ?? ''}
                          onChange={(event) => send({ type: 'TOPIC_NAME', topic, name: event.target.value })}
                        />
                      </td>
                      <td>
                        <input
                          className="admin-field__control"
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={100}
                          aria-label={`${form.topicNames[topic] ?? topic} の出題数`}
                          aria-invalid={errors[`topics.${topic}`] ? true : undefined}
                          value={Number.isNaN(count) ? '' : count}
                          onChange={(event) => send({ type: 'TOPIC_COUNT', topic, value: numberOf(event.target.value) })}
                        />
                      </td>
                      <td className={missing > 0 ? 'qbank-topics__short' : undefined}>
                        {published} 問{missing > 0 ? `（${missing} 問不足）` : ''}
                      </td>
                      <td>
                        <button type="button" className="button" onClick={() => send({ type: 'REMOVE_TOPIC', topic })}>
                          <span aria-hidden="true">削除</span>
                          <span className="visually-hidden">{form.topicNames[topic] ?? topic} を削除</span>
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </AdminTableScroll>
          {Object.keys(form.topics).length === 0 ? <p className="qbank__hint">分野がまだありません。問題を書く前に分野を追加してください。</p> : null}
          {errors.topics ? <p className="admin-field__error">{errors.topics}</p> : null}
          <fieldset className="qbank-new-topic" aria-describedby={errors.newTopic ? 'blueprint-new-topic-error' : undefined}>
            <legend>分野を追加</legend>
            <label className="admin-field">
              <span className="admin-field__label">分野のスラッグ（半角英小文字・数字・ハイフン）</span>
              <input
                className="admin-field__control"
                type="text"
                maxLength={60}
                value={newTopic.slug}
                aria-invalid={errors.newTopic ? true : undefined}
                onChange={(event) => send({ type: 'NEW_TOPIC', field: 'slug', value: event.target.value })}
              />
            </label>
            <label className="admin-field">
              <span className="admin-field__label">分野名</span>
              <input
                className="admin-field__control"
                type="text"
                maxLength={60}
                value={newTopic.name}
                onChange={(event) => send({ type: 'NEW_TOPIC', field: 'name', value: event.target.value })}
              />
            </label>
            <button type="button" className="button" onClick={() => send({ type: 'ADD_TOPIC' })}>
              分野を追加
            </button>
            {errors.newTopic ? (
              <p id="blueprint-new-topic-error" className="admin-field__error" role="alert">
                {errors.newTopic}
              </p>
            ) : null}
          </fieldset>
        </fieldset>
        {short.length > 0 ? (
          <p className="qbank__hint">
            公開済みの問題が足りない分野があります（{short.map((entry) => `${entry.name} ${entry.missing} 問`).join('、')}）。このままでは保存できません。
          </p>
        ) : null}
        {formError && !conflict ? (
          <p className="admin-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="qbank__actions">
          <button type="submit" className="button button--primary" disabled={busy || conflict}>
            出題設計を保存
          </button>
          {snapshot.matches('saving') ? <span role="status">保存中…</span> : null}
        </div>
      </form>
    </div>
  );
}
