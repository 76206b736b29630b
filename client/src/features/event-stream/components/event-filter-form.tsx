import type { EventFilters } from '../event-list';
import { eventTypeLabel } from '../event-labels';
import type { ShownError } from '../machines/event-stream.machine';

export interface EventFilterFormProps {
  draft: EventFilters;
  /** Whether a filter is applied now (解除 is offered then). */
  filtered: boolean;
  types: readonly string[];
  /** The history's error when it names one of these inputs. */
  error: ShownError | null;
  onTypeChange(value: string): void;
  onUserIdChange(value: string): void;
  onApply(): void;
  onClear(): void;
}

const TYPE_ERROR_ID = 'event-filter-type-error';
const USER_ERROR_ID = 'event-filter-user-error';

/** 種類 applies as soon as it is chosen; 利用者ID when the form is sent (a half-typed UUID is no filter). */
export function EventFilterForm({ draft, filtered, types, error, onTypeChange, onUserIdChange, onApply, onClear }: EventFilterFormProps) {
  const typeError = error?.field === 'type' ? error.message : null;
  const userError = error?.field === 'userId' ? error.message : null;
  // The applied type stays among the options even when no list has it yet; they are listed by their Japanese names.
  const options = (draft.type && !types.includes(draft.type) ? [draft.type, ...types] : [...types]).sort((a, b) =>
    eventTypeLabel(a).localeCompare(eventTypeLabel(b), 'ja'),
  );
  return (
    <form
      className="event-filters"
      aria-label="イベントの絞り込み"
      onSubmit={(submit) => {
        submit.preventDefault();
        onApply();
      }}
    >
      <div className="event-filters__field">
        <label htmlFor="event-filter-type">種類</label>
        <select
          id="event-filter-type"
          value={draft.type}
          className="admin-field__control"
          onChange={(change) => onTypeChange(change.target.value)}
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? TYPE_ERROR_ID : undefined}
        >
          <option value="">すべて</option>
          {options.map((type) => (
            <option key={type} value={type}>
              {eventTypeLabel(type)}
            </option>
          ))}
        </select>
        {typeError ? (
          <p id={TYPE_ERROR_ID} className="admin-field__error">
            {typeError}
          </p>
        ) : null}
      </div>
      <div className="event-filters__field">
        <label htmlFor="event-filter-user">利用者ID</label>
        <input
          id="event-filter-user"
          className="admin-field__control"
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="UUID"
          value={draft.userId}
          onChange={(change) => onUserIdChange(change.target.value)}
          aria-invalid={userError ? true : undefined}
          aria-describedby={userError ? USER_ERROR_ID : undefined}
        />
        {userError ? (
          <p id={USER_ERROR_ID} className="admin-field__error">
            {userError}
          </p>
        ) : null}
      </div>
      <div className="event-filters__actions">
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
