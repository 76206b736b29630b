import { useLoginResult } from '../hooks/use-login-result';
import { LOGIN_FAILED } from '@campus/contracts/login-result';

export const LOGIN_CANCELLED_MESSAGE = 'ログインがキャンセルされました。';
export const LOGIN_FAILED_MESSAGE = 'ログインできませんでした。時間をおいて再度お試しください。';

/** Tells the learner why they are still logged out after coming back from the provider. */
export function LoginResultNotice() {
  const { result, dismiss } = useLoginResult();
  if (!result) return null;
  const failed = result === LOGIN_FAILED;
  return (
    <div className={`notice ${failed ? 'notice--error' : 'notice--info'}`} role={failed ? 'alert' : 'status'}>
      <p className="notice__text">{failed ? LOGIN_FAILED_MESSAGE : LOGIN_CANCELLED_MESSAGE}</p>
      <button type="button" className="button button--quiet" onClick={dismiss}>
        閉じる
      </button>
    </div>
  );
}
