import { FormField } from '../../../components/form-field';
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

/** A free-text filter: no autocompletion or spelling marks on names, paths and ids. */
function TextFilter({
  field,
  label,
  placeholder,
  value,
  error,
  list,
  onEdit,
}: {
  field: keyof LogFilters;
  label: string;
  placeholder: string;
  value: string;
  error: string | undefined;
  list?: string;
  onEdit(field: keyof LogFilters, value: string): void;
}) {
  return (
    <FormField id={FIELD_IDS[field]} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          className="admin-field__control"
          type="text"
          autoComplete="off"
          spellCheck={false}
          list={list}
          placeholder={placeholder}
          value={value}
          onChange={(change) => onEdit(field, change.target.value)}
        />
      )}
    </FormField>
  );
}

/** 種類・イベント名・ページ・受講者: applied together with 絞り込む. */
export function LogFilterForm({ form, filtered, knownNames, error, onEdit, onApply, onClear }: LogFilterFormProps) {
  const errorOf = (field: keyof LogFilters) => (error?.field === field ? error.message : undefined);
  return (
    <form
      className="analytics-log__form"
      aria-label="アクセスログの絞り込み"
      onSubmit={(submit) => {
        submit.preventDefault();
        onApply();
      }}
    >
      <FormField id={FIELD_IDS.kind} label="種類" error={errorOf('kind')}>
        {(control) => (
          <select {...control} className="admin-field__control" value={form.kind} onChange={(change) => onEdit('kind', change.target.value)}>
            <option value="">すべて</option>
            {REPORT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {REPORT_KIND_NAMES[kind]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextFilter field="name" label="イベント名" placeholder="例: header_navigation" value={form.name} error={errorOf('name')} list={NAMES_LIST_ID} onEdit={onEdit} />
      <datalist id={NAMES_LIST_ID}>
        {knownNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <TextFilter field="path" label="ページ（前方一致）" placeholder="例: /line-ads" value={form.path} error={errorOf('path')} onEdit={onEdit} />
      <TextFilter field="userId" label="受講者（利用者ID）" placeholder="UUID" value={form.userId} error={errorOf('userId')} onEdit={onEdit} />
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
