import { useEffect, useId, useRef } from 'react';
import { useAgreementState, useCurrentUser, useSessionActions } from '../hooks/use-session';

export const AGREEMENT_TITLE = '利用規約とプライバシーポリシーへの同意';

/**
 * Spec §2/§6: the user policy agreement popup. It cannot be dismissed — the only way on is
 * 「同意する」. The layout makes the rest of the page inert while it is open.
 */
export function AgreementPanel() {
  const { required, accepting, error } = useAgreementState();
  const user = useCurrentUser();
  const { accept } = useSessionActions();
  const dialogRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (required) dialogRef.current?.focus();
  }, [required]);

  // The disabled button lost focus while accepting; give it back once it can be pressed again.
  useEffect(() => {
    if (error && !accepting) buttonRef.current?.focus();
  }, [error, accepting]);

  if (!required || !user) return null;

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal__title">
          {AGREEMENT_TITLE}
        </h2>
        <div id={descriptionId}>
          {user.canMigrateFromCloudCampus ? (
            <>
              <p>
                Cloud Campus をご利用いただいていた方へ。マーケティング学習キャンパスのご利用を続けるには、利用規約とプライバシーポリシーへの同意が必要です。
              </p>
              <p>同意いただくと、Cloud Campus で取得したスキルバッジのデータが引き継がれます。</p>
            </>
          ) : (
            <p>
              マーケティング学習キャンパスをご利用いただくには、利用規約とプライバシーポリシーへの同意が必要です。内容をご確認のうえ、「同意する」を押してください。
            </p>
          )}
        </div>
        {error ? (
          <p className="modal__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal__actions">
          <button
            ref={buttonRef}
            type="button"
            className="button button--primary"
            onClick={accept}
            disabled={accepting}
            aria-busy={accepting}
          >
            同意する
          </button>
        </div>
      </div>
    </div>
  );
}
