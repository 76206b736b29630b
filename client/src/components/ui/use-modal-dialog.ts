import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';

/**
 * Shows a `<dialog>` with `showModal()` while `open` is true: the browser keeps focus inside it,
 * makes the rest of the page inert and draws it in the top layer. Its owner (a machine, a state)
 * still decides when it closes: Escape and the browser's other close requests (Android's back) only
 * call `onCloseRequest`. Focus goes back to where it was once the dialog closes.
 */
export function useModalDialog(dialogRef: RefObject<HTMLDialogElement | null>, open: boolean, onCloseRequest: () => void): void {
  const requestClose = useEffectEvent(onCloseRequest);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (!dialog.open) dialog.showModal();

    const onKeyDown = (event: KeyboardEvent) => {
      // Escape while composing Japanese text only cancels the conversion.
      if (event.key !== 'Escape' || event.isComposing) return;
      // A cancelled Escape makes no close request of its own: the owner decides.
      event.preventDefault();
      requestClose();
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // A close request the page may not cancel (no user gesture since the last one) closes the
    // dialog anyway: show it again, its owner has not closed it.
    const onClose = () => {
      if (dialog.isConnected) dialog.showModal();
    };
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [dialogRef, open]);
}
