import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { PhraseText } from '../phrase-text';
import { useModalDialog } from './use-modal-dialog';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirmed action is on its way: both buttons wait. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * 「本当に…しますか？」 before an action that reaches learners. A modal alert dialog (`<dialog>` shown
 * with showModal: the browser keeps focus inside): focus starts on キャンセル (the safe choice),
 * Escape cancels, and focus goes back to the opener on close. The popup host only knows the spec's
 * popups, hence this small dialog of the console.
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'キャンセル', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useModalDialog(dialogRef, true, () => {
    if (!busy) onCancel();
  });

  useLayoutEffect(() => {
    cancelRef.current?.focus();
  }, []);

  useEffect(() => {
    // While busy the buttons are disabled: keep focus in the dialog rather than on the body.
    if (busy) dialogRef.current?.focus();
    else if (!dialogRef.current?.contains(document.activeElement)) cancelRef.current?.focus();
  }, [busy]);

  return (
    <dialog
      ref={dialogRef}
      className="modal-layer modal-backdrop"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      aria-busy={busy || undefined}
      tabIndex={-1}
    >
      <div className="modal">
        <h2 id={titleId} className="modal__title">
          <PhraseText text={title} />
        </h2>
        <p id={messageId}>{message}</p>
        <div className="modal__actions">
          <button ref={cancelRef} type="button" className="button" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
