import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { PhraseText } from '../phrase-text';

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

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * 「本当に…しますか？」 before an action that reaches learners. A modal alert dialog: focus starts on
 * キャンセル (the safe choice), stays inside, Escape cancels, and goes back to the opener on close.
 * The popup host only knows the spec's popups, hence this small dialog of the console.
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'キャンセル', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    // While busy the buttons are disabled: keep focus in the dialog rather than on the body.
    if (busy) dialogRef.current?.focus();
    else if (!dialogRef.current?.contains(document.activeElement)) cancelRef.current?.focus();
  }, [busy]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        aria-busy={busy || undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
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
    </div>
  );
}
