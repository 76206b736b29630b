import { AppError } from '../../../core/errors/app-error.js';

/** The optimistic check's refusal: another admin saved first; the editor reloads and shows their version. */
export const editedByAnotherAdmin = () => new AppError('CONCURRENCY_CONFLICT', '他の管理者が先に更新しました');

/** The same refusal for a bank question or a blueprint, with the newer version the editor shows in its place. */
export const staleVersion = (current: unknown) => new AppError('STALE_VERSION', '他の管理者が先に更新しました', undefined, current);
