import { CERTIFICATION_COURSES, CERTIFICATION_SLUGS } from '@campus/contracts/catalogue-slugs';
import type { AnalyticsQuery } from '../api/get-exam-analytics';
import type { InputError } from '../machines/exam-analytics.machine';

export interface AnalyticsControlsProps {
  form: AnalyticsQuery;
  /** The server's 400: shown next to the inputs, on the one it names. */
  error: InputError | null;
  loading: boolean;
  onEdit(field: 'from' | 'to' | 'courseSlug', value: string): void;
  onGranularity(value: AnalyticsQuery['granularity']): void;
  onApply(): void;
}

const ERROR_ID = 'analytics-controls-error';

/** 期間 (two dates), 単位 (日 / 週), コース; 表示する asks the server. */
export function AnalyticsControls({ form, error, loading, onEdit, onGranularity, onApply }: AnalyticsControlsProps) {
  // The dates are the usual culprit; a field the form does not have is shown by the dates too.
  const described = (field: string) =>
    error !== null && (error.field === field || (field === 'from' && !['to', 'granularity', 'courseSlug'].includes(error.field ?? '')));
  const invalidProps = (field: string) => (described(field) ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : {});
  return (
    <form
      className="analytics-controls"
      aria-label="集計の条件"
      onSubmit={(submit) => {
        submit.preventDefault();
        onApply();
      }}
    >
      <fieldset className="analytics-controls__group">
        <legend>期間</legend>
        <div className="analytics-controls__dates">
          <label className="analytics-controls__field">
            <span>開始日</span>
            <input type="date" value={form.from} onChange={(change) => onEdit('from', change.target.value)} {...invalidProps('from')} />
          </label>
          <span aria-hidden="true">〜</span>
          <label className="analytics-controls__field">
            <span>終了日</span>
            <input type="date" value={form.to} onChange={(change) => onEdit('to', change.target.value)} {...invalidProps('to')} />
          </label>
        </div>
        {error ? (
          <p id={ERROR_ID} className="analytics-controls__error" role="alert">
            {error.message}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="analytics-controls__group">
        <legend>単位</legend>
        <div className="analytics-controls__choices">
          <label>
            <input type="radio" name="analytics-granularity" value="day" checked={form.granularity === 'day'} onChange={() => onGranularity('day')} />
            日
          </label>
          <label>
            <input type="radio" name="analytics-granularity" value="week" checked={form.granularity === 'week'} onChange={() => onGranularity('week')} />
            週
          </label>
        </div>
      </fieldset>
      <label className="analytics-controls__field">
        <span>コース</span>
        <select value={form.courseSlug} onChange={(change) => onEdit('courseSlug', change.target.value)} {...invalidProps('courseSlug')}>
          <option value="">すべて</option>
          {CERTIFICATION_SLUGS.map((slug) => (
            <option key={slug} value={slug}>
              {CERTIFICATION_COURSES[slug].label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary analytics-controls__submit" disabled={loading}>
        表示する
      </button>
    </form>
  );
}
