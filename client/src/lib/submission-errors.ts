import { errorMessageOf, isApiError } from './api-client';

/**
 * Statuses a console form shows itself, next to a field or above the buttons, so nothing typed is
 * lost behind a popup. 401 and 403 keep the app's default handling (the login popup, an alert).
 */
export const FORM_HANDLED_STATUSES: readonly number[] = [0, 400, 404, 409, 413, 500, 502, 503, 504];

/** Statuses a console page shows itself as 「読み込めませんでした」 with 再読み込み. */
export const LOAD_HANDLED_STATUSES: readonly number[] = [0, 404, 500, 502, 503, 504];

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface SubmissionErrors<F extends string> {
  fieldErrors: FieldErrors<F>;
  /** For the whole form, when no field is to blame. */
  formError: string | null;
}

/**
 * Where a failed submission's message goes. The API names the field of a 400 (`title`,
 * `target.email`…) and starts its message with that name: the message is shown next to the field
 * without it.
 */
export function submissionErrorsOf<F extends string>(error: unknown, fieldOf: (apiField: string) => F | null): SubmissionErrors<F> {
  if (isApiError(error) && error.field !== undefined) {
    const field = fieldOf(error.field);
    const message = fieldMessageOf(error);
    if (field !== null) return { fieldErrors: { [field]: message } as FieldErrors<F>, formError: null };
    return { fieldErrors: {}, formError: message };
  }
  return { fieldErrors: {}, formError: errorMessageOf(error) };
}

/** The message of a failure, without the API's leading field name (`from: …`) when it names one: it is shown next to that field. */
export function fieldMessageOf(error: unknown): string {
  if (!isApiError(error) || error.field === undefined) return errorMessageOf(error);
  const prefix = `${error.field}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

/** A field was edited: its old message no longer applies. */
export function withoutFieldError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}
