import { useSelector } from '@xstate/react';
import { useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ActorRefFrom } from 'xstate';
import { PhraseText } from '../../phrase-text';
import { useModalDialog } from '../use-modal-dialog';
import { usePageScrollLock } from '../use-page-scroll-lock';
import { selectCurrent, selectError, selectPhase, type PopupPhase, type PopupSnapshot, type popupMachine } from './popup.machine';
import { popupActor, toastActor } from './popups';
import { selectToastId, selectToastMessage, type toastMachine } from './toast.machine';
import './popup.css';

type PopupActorRef = ActorRefFrom<typeof popupMachine>;
type ToastActorRef = ActorRefFrom<typeof toastMachine>;

export interface PopupHostProps {
  /** Defaults to the page's `popupActor`; tests may pass their own. */
  popup?: PopupActorRef;
  /** Defaults to the page's `toastActor`; tests may pass their own. */
  toast?: ToastActorRef;
}

/**
 * Shows the popup and the toast of the page. Render once near the app root; it portals into
 * `document.body`, above everything else. Components elsewhere never render popups themselves:
 * they call `openPopup` / `showToast`.
 */
export function PopupHost({ popup = popupActor, toast = toastActor }: PopupHostProps) {
  return createPortal(
    <>
      <PopupLayer actor={popup} />
      <ToastRegion actor={toast} popup={popup} />
    </>,
    document.body,
  );
}

const selectPresent = (snapshot: PopupSnapshot) => snapshot.context.current !== null;

/**
 * True while a popup is on screen (also while it loads and fades out): lets a layout make the page
 * behind it `inert` (the modal dialog already does so; this also says it in the markup).
 */
export function usePopupOpen(actor: PopupActorRef = popupActor): boolean {
  return useSelector(actor, selectPresent);
}

const FOCUSABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Focus on the first thing to operate in the dialog, or on the dialog itself. */
function focusFirst(dialog: HTMLElement | null) {
  if (!dialog) return;
  (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
}

const selectChosen = (snapshot: PopupSnapshot) => snapshot.context.chosen;

function PopupLayer({ actor }: { actor: PopupActorRef }) {
  const phase = useSelector(actor, selectPhase);
  const request = useSelector(actor, selectCurrent);
  const error = useSelector(actor, selectError);
  const chosen = useSelector(actor, selectChosen);
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const previousPhase = useRef<PopupPhase>(phase);

  const requestId = request?.id ?? null;
  const present = requestId !== null;

  // One modal <dialog> while popups follow one another (also while the last one fades out): the
  // browser keeps focus in it, and focus goes back to the opener once the last one has closed.
  useModalDialog(dialogRef, present, () => actor.send({ type: 'DISMISS' }));

  // A popup (or the next one from the queue) opened: focus on its first control.
  useLayoutEffect(() => {
    if (requestId !== null) focusFirst(dialogRef.current);
  }, [requestId]);

  // The buttons are disabled while loading: keep focus on the dialog, and hand it back to the
  // buttons when the action failed and they can be used again.
  useLayoutEffect(() => {
    const before = previousPhase.current;
    previousPhase.current = phase;
    if (phase === 'loading') dialogRef.current?.focus();
    else if (phase === 'open' && before === 'loading') focusFirst(dialogRef.current);
  }, [phase]);

  // The page behind does not scroll while a popup covers it.
  usePageScrollLock(present);

  if (!request) return null;

  const loading = phase === 'loading';
  const choose = (value: string) => actor.send({ type: 'CHOOSE', value });
  const paragraphs = request.body.split('\n').filter((line) => line.trim() !== '');

  return (
    <dialog
      ref={dialogRef}
      className={phase === 'closing' ? 'modal-layer popup-layer popup-layer--closing' : 'modal-layer popup-layer'}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      aria-busy={loading ? true : undefined}
      tabIndex={-1}
      data-popup-kind={request.kind}
    >
      <div
        className="popup-mask"
        data-testid="popup-mask"
        aria-hidden="true"
        // Keep focus in the dialog when the mask is pressed.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => actor.send({ type: 'DISMISS' })}
      />
      <div key={request.id} className="popup">
        <h2 id={titleId} className="popup__title">
          <PhraseText text={request.title} />
        </h2>
        <div id={bodyId} className="popup__body">
          {paragraphs.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
          {request.links?.length ? (
            <ul className="popup__links">
              {request.links.map((link) => (
                <li key={link.href}>
                  {/* A new tab: a popup that cannot be dismissed stays here, ready to be answered. */}
                  <a href={link.href} target="_blank" rel="noopener">
                    {link.label}
                    <span className="visually-hidden">（新しいタブで開きます）</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {error ? (
          <p className="popup__error" role="alert">
            {error}
          </p>
        ) : null}
        {request.content ? (
          <div className="popup__content">{request.content({ choose, busy: loading })}</div>
        ) : (
          <div className="popup__actions">
            {request.buttons.map((button) => {
              const classes = ['popup__button', button.variant === 'primary' ? 'popup__button--primary' : 'popup__button--secondary'];
              if (loading && chosen === button.value) classes.push('popup__button--busy');
              return (
                <button
                  key={button.value}
                  type="button"
                  className={classes.join(' ')}
                  disabled={loading}
                  onClick={() => choose(button.value)}
                >
                  {button.label}
                </button>
              );
            })}
          </div>
        )}
      </div>
    </dialog>
  );
}

function ToastRegion({ actor, popup }: { actor: ToastActorRef; popup: PopupActorRef }) {
  const message = useSelector(actor, selectToastMessage);
  const id = useSelector(actor, selectToastId);
  // Behind a modal popup the toast would be inert (never announced) and under its mask: it shows
  // once the popup is gone (the review's thanks, sent as its popup closes).
  const behindPopup = useSelector(popup, selectPresent);
  // Only a shown toast is a status (an empty one would be a second, silent `status` on every page).
  // Keyed by id: the same text shown again is a new node, announced again.
  return (
    <div className="toast-region">
      {message !== null && !behindPopup ? (
        <p key={id} className="toast" role="status" aria-live="polite" aria-atomic="true">
          {message}
        </p>
      ) : null}
    </div>
  );
}
