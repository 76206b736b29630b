import type { ReactNode } from 'react';
import './admin-page.css';

/** What a field's control needs to be named by its label and described by its hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export const fieldErrorId = (id: string) => `${id}-error`;

/** A labelled control with an optional hint, and the server's message for it right under it. */
export function FormField({
  id,
  label,
  hint,
  error,
  errorIsAlert = false,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  /** The error comes without a failed submission to move focus (e.g. a file refused): announce it. */
  errorIsAlert?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? fieldErrorId(id) : null].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {error ? (
        <p id={fieldErrorId(id)} className="admin-field__error" role={errorIsAlert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * After a failed submission, focus goes to the first field the server blamed: its message is read
 * with it, and the admin is where the fix is needed.
 */
export function focusFirstInvalid(order: readonly (readonly [field: string, id: string])[], errors: Partial<Record<string, string>>): void {
  const first = order.find(([field]) => errors[field]);
  if (first) document.getElementById(first[1])?.focus();
}
