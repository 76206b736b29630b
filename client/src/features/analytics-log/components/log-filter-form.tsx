import type { LogFilters } from '../api/get-analytics-log';
import type { ShownError } from '../machines/analytics-log.machine';
import { REPORT_KIND_NAMES, REPORT_KINDS } from '../report-kinds';

export interface LogFilterFormProps {
  form: LogFilters;
  /** Whether a filter is applied now (解除 is offered then). */
  filtered: boolean;
  /** Names seen in the summary, offered as suggestions. */
  knownNames: readonly string[];
  /** The list's error when it names one of these inputs. */
  error: ShownError | null;
  onEdit(field: keyof LogFilters, value: string): void;
  onApply(): void;
  onClear(): void;
}

const FIELD_IDS: Record<keyof LogFilters, string> = {
  kind: 'analytics-log-filter-kind',
  name: 'analytics-log-filter-name',
  path: 'analytics-log-filter-path',
  userId: 'analytics-log-filter-user',
};
const NAMES_LIST_ID = 'analytics-log-known-names';

/** 種類・イベント名・ページ・受講者: applied together with 絞り込む. */
export function LogFilterForm({ form, filtered, knownNames, error, onEdit, onApply, onClear }: LogFilterFormProps) {
  const errorOf = (field: keyof LogFilters) => (error?.field === field ? error.message : null);
  const described = (field: keyof LogFilters) =>
    errorOf(field) ? { 'aria-invalid': true as const, 'aria-describedby': `${FIELD_IDS[field]}-error` } : {};
  const fieldError = (field: keyof LogFilters) => {
    const message = errorOf(field);
    return message ? (
      <p id={`${FIELD_IDS[field]}-error`} className="admin-field__error">
        {message}
      </p>
    ) : null;
  };
  return (
    <form
      className="analytics-log__form"
      aria-label="アクセスログの絞り込み"
      onSubmit={(submit) => {
        submit.preventDefault();
        onApply();
      }}
    >
      <div className="admin-field">
        <label className="admin-field__label" htmlFor={FIELD_IDS.kind}>
          種類
        </label>
        <select id={FIELD_IDS.kind} className="admin-field__control" value={form.kind} onChange={(change) => onEdit('kind', change.target.value)} {...described('kind')}>
          <option value="">すべて</option>
          {REPORT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {REPORT_KIND_NAMES[kind]}
            </option>
          ))}
        </select>
        {fieldError('kind')}
      </div>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor={FIELD_IDS.name}>
          イベント名
        </label>
        <input
          id={FIELD_IDS.name}
          className="admin-field__control"
          type="text"
          autoComplete="off"
          spellCheck={false}
          list={NAMES_LIST_ID}
          placeholder="例: header_navigation"
          value={form.name}
          onChange={(change) => onEdit('name', change.target.value)}
          {...described('name')}
        />
        <datalist id={NAMES_LIST_ID}>
          {knownNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {fieldError('name')}
      </div>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor={FIELD_IDS.path}>
          ページ（前方一致）
        </label>
        <input
          id={FIELD_IDS.path}
          className="admin-field__control"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="例: /line-ads"
          value={form.path}
          onChange={(change) => onEdit('path', change.target.value)}
          {...described('path')}
        />
        {fieldError('path')}
      </div>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor={FIELD_IDS.userId}>
          受講者（利用者ID）
        </label>
        <input
          id={FIELD_IDS.userId}
          className="admin-field__control"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="UUID"
          value={form.userId}
          onChange={(change) => onEdit('userId', change.target.value)}
          {...described('userId')}
        />
        {fieldError('userId')}
      </div>
      <div className="analytics-log__actions">
        <button type="submit" className="button button--primary">
          絞り込む
        </button>
        {filtered ? (
          <button type="button" className="button button--quiet" onClick={onClear}>
            解除
          </button>
        ) : null}
      </div>
    </form>
  );
}
