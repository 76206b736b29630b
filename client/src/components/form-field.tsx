import type { ReactNode } from 'react';
import './admin-page.css';

/** What a field's control needs to be named by its label and described by its hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-required'?: true;
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
  required = false,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  /** The error comes without a failed submission to move focus (e.g. a file refused): announce it. */
  errorIsAlert?: boolean;
  /** Marked 必須 next to the label (the control itself carries aria-required). */
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? fieldErrorId(id) : null].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
        {required ? <span className="admin-field__required">必須</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {children({ id, ...(required ? { 'aria-required': true as const } : {}), ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
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
