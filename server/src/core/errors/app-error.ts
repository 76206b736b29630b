import { ERROR_CODES, ErrorCode, ErrorEnvelope } from '../../contracts/errors.js';

/** A failure the client is told about: a code from the catalogue, a Japanese message, maybe a field. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** STALE_VERSION's newer version, sent along in the envelope. */
    readonly current?: unknown,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }

  toEnvelope(): ErrorEnvelope {
    return { message: this.message, status: this.status, code: this.code, ...(this.field ? { field: this.field } : {}), ...(this.current === undefined ? {} : { current: this.current }) };
  }
}

export const loginRequired = () => new AppError('LOGIN_REQUIRED', 'ログインしてください');
export const agreementRequired = () =>
  new AppError('AGREEMENT_REQUIRED', '利用規約とプライバシーポリシーへの同意が必要です');
export const notFound = (what = 'ページ') => new AppError('NOT_FOUND', `${what}がみつかりませんでした`);
export const tooManyRequests = () => new AppError('TOO_MANY_REQUESTS', 'リクエストが多すぎます。しばらくしてから再度お試しください');
