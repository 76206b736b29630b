import type { ExamBlueprint } from '@campus/contracts/studio-questions';
import { FormField } from '../../../components/form-field';

interface BlueprintFormProps {
  blueprint: ExamBlueprint;
  publishedByTopic: Record<string, number>;
  errors: Record<string, string>;
  busy: boolean;
  onChange: (blueprint: ExamBlueprint) => void;
  onSave: () => void;
}

/** The exam's settings, with each topic's published questions beside what it draws (the server refuses a short one). */
export function BlueprintForm({ blueprint, publishedByTopic, errors, busy, onChange, onSave }: BlueprintFormProps) {
  const number = (key: 'questionCount' | 'minutes' | 'passPercent' | 'retakeWaitHours' | 'badgeValidMonths') => (event: { target: { value: string } }) =>
    onChange({ ...blueprint, [key]: Number(event.target.value) });
  const topicError = Object.entries(errors).find(([key]) => key.startsWith('blueprint.topics'))?.[1];
  return (
    <details className="studio-blueprint">
      <summary>出題設計（ブループリント）: {blueprint.questionCount} 問・{blueprint.minutes} 分・合格 {blueprint.passPercent} %</summary>
      <form
        className="admin-form"
        aria-label="出題設計"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <fieldset className="admin-form admin-form__fields" disabled={busy}>
          <div className="studio-row">
            <FormField id="blueprint-count" label="出題数" error={errors['blueprint.questionCount']}>
              {(control) => <input {...control} className="admin-field__control" type="number" min={1} value={blueprint.questionCount} onChange={number('questionCount')} />}
            </FormField>
            <FormField id="blueprint-minutes" label="制限時間（分）" error={errors['blueprint.minutes']}>
              {(control) => <input {...control} className="admin-field__control" type="number" min={5} value={blueprint.minutes} onChange={number('minutes')} />}
            </FormField>
            <FormField id="blueprint-pass" label="合格点（%）" error={errors['blueprint.passPercent']}>
              {(control) => <input {...control} className="admin-field__control" type="number" min={1} max={100} value={blueprint.passPercent} onChange={number('passPercent')} />}
            </FormField>
            <FormField id="blueprint-retake" label="再受験まで（時間）" error={errors['blueprint.retakeWaitHours']}>
              {(control) => <input {...control} className="admin-field__control" type="number" min={0} value={blueprint.retakeWaitHours} onChange={number('retakeWaitHours')} />}
            </FormField>
            <FormField id="blueprint-validity" label="バッジの有効期間（か月）" error={errors['blueprint.badgeValidMonths']}>
              {(control) => <input {...control} className="admin-field__control" type="number" min={1} max={60} value={blueprint.badgeValidMonths} onChange={number('badgeValidMonths')} />}
            </FormField>
          </div>
          <table className="studio-table">
            <caption className="studio__hint">分野ごとの出題数と公開済みの問題数（公開済みが足りない設計は保存できません）</caption>
            <thead>
              <tr>
                <th scope="col">分野</th>
                <th scope="col">出題数</th>
                <th scope="col">公開済み</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(blueprint.topics).map(([topic, count]) => (
                <tr key={topic}>
                  <th scope="row">{blueprint.topicNames[topic] ?? topic}</th>
                  <td>
                    <input
                      className="admin-field__control studio-blueprint__count"
                      type="number"
                      min={1}
                      aria-label={`${blueprint.topicNames[topic] ?? topic}の出題数`}
                      value={count}
                      onChange={(event) => onChange({ ...blueprint, topics: { ...blueprint.topics, [topic]: Number(event.target.value) } })}
                    />
                  </td>
                  <td className={(publishedByTopic[topic] ?? 0) < count ? 'studio-blueprint__short' : undefined}>{publishedByTopic[topic] ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {topicError ? <p className="admin-field__error" role="alert">{topicError}</p> : null}
        </fieldset>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            出題設計を保存
          </button>
        </div>
      </form>
    </details>
  );
}
