import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import { submissionErrorsOf, withoutFieldError } from './submission-errors';

const fieldOf = (apiField: string) => (apiField === 'title' ? 'title' : apiField === 'target.email' ? 'email' : null);

describe('submissionErrorsOf', () => {
  it('puts a 400 next to its field, without the field name the API puts first', () => {
    const error = new ApiError({ message: 'title: title を入力してください', status: 400, code: 'VALIDATION_FAILED', field: 'title' });
    expect(submissionErrorsOf(error, fieldOf)).toEqual({ fieldErrors: { title: 'title を入力してください' }, formError: null });
  });

  it('maps nested API fields to the form field', () => {
    const error = new ApiError({ message: 'target.email: email はメールアドレスの形式で入力してください', status: 400, code: 'VALIDATION_FAILED', field: 'target.email' });
    expect(submissionErrorsOf(error, fieldOf).fieldErrors).toEqual({ email: 'email はメールアドレスの形式で入力してください' });
  });

  it('shows a field the form does not have, and any other failure, for the whole form', () => {
    const unknownField = new ApiError({ message: 'body: 不正です', status: 400, code: 'VALIDATION_FAILED', field: 'body' });
    expect(submissionErrorsOf(unknownField, fieldOf)).toEqual({ fieldErrors: {}, formError: '不正です' });
    const network = new ApiError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: 'NETWORK_ERROR' });
    expect(submissionErrorsOf(network, fieldOf)).toEqual({ fieldErrors: {}, formError: NETWORK_ERROR_MESSAGE });
    expect(submissionErrorsOf(new Error('boom'), fieldOf).formError).toBe('エラーが発生しました。時間をおいて再度お試しください。');
  });
});

describe('withoutFieldError', () => {
  it('drops the edited field only', () => {
    expect(withoutFieldError<'title' | 'body'>({ title: 'a', body: 'b' }, 'title')).toEqual({ body: 'b' });
    const same = { body: 'b' };
    expect(withoutFieldError<'title' | 'body'>(same, 'title')).toBe(same);
  });
});
