import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { closeWhenFocusLeaves } from '../ui/focus-leave';
import { selectBusy, selectMenuOpen, shareMachine } from './share.machine';
import { pageUrlWithoutHash, type SnsNetwork } from './share-links';
import './share-button.css';

export const SHARE_MENU_TITLE = 'このページをシェア';

interface ShareButtonProps {
  /** The page's title: the text of an X post. */
  title: string;
  /** What is shared when it is not this page (a certificate's public verification page). */
  url?: string;
  /** The panel's heading; 「このページをシェア」 by default. */
  menuTitle?: string;
  /** The trigger's text; 「シェア」 by default. */
  label?: string;
  /** Tests pass `shareMachine.provide({...})`. */
  logic?: typeof shareMachine;
}

function ShareIcon() {
  return (
    <svg className="share__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="18" cy="5" r="3" fill="currentColor" />
      <circle cx="6" cy="12" r="3" fill="currentColor" />
      <circle cx="18" cy="19" r="3" fill="currentColor" />
      <path d="M8.6 10.5l6.8-4M8.6 13.5l6.8 4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * Shares the current page (its address without the fragment), or `url`: a button opening a small
 * "このページをシェア" panel with Facebook, X and リンクをコピー. Escape, a press outside and focus
 * leaving close it. Behaviour (windows, short links, clipboard, toasts) is `shareMachine`'s.
 */
export function ShareButton({ title, url, menuTitle = SHARE_MENU_TITLE, label = 'シェア', logic = shareMachine }: ShareButtonProps) {
  const actor = useActorRef(logic);
  const open = useSelector(actor, selectMenuOpen);
  const busy = useSelector(actor, selectBusy);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  // The panel is a small dialog: focus goes to its first choice.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);

  // A press anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) actor.send({ type: 'CLOSE' });
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [actor, open]);

  /**
   * The pressed choice disappears with the panel, so focus goes back to the trigger — first, so
   * that the share window opened by the event keeps the focus it gets.
   */
  const choose = (event: { type: 'SHARE'; network: SnsNetwork } | { type: 'COPY' }) => {
    const pageUrl = pageUrlWithoutHash(url ?? window.location.href);
    triggerRef.current?.focus();
    actor.send(event.type === 'COPY' ? { type: 'COPY', pageUrl } : { ...event, pageUrl, title });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    actor.send({ type: 'CLOSE' });
    triggerRef.current?.focus();
  };

  return (
    <div
      className="share"
      ref={rootRef}
      onKeyDown={onKeyDown}
      onBlur={closeWhenFocusLeaves(rootRef, open, () => actor.send({ type: 'CLOSE' }))}
    >
      <button
        ref={triggerRef}
        type="button"
        className="button share__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-busy={busy || undefined}
        onClick={() => actor.send({ type: 'TOGGLE' })}
      >
        <ShareIcon />
        {label}
      </button>
      {open ? (
        <div ref={panelRef} id={panelId} className="share__panel" role="dialog" aria-labelledby={titleId}>
          <p id={titleId} className="share__title">
            {menuTitle}
          </p>
          <ul className="share__choices">
            <li>
              <button type="button" className="share__choice" onClick={() => choose({ type: 'SHARE', network: 'facebook' })}>
                Facebook
              </button>
            </li>
            <li>
              <button type="button" className="share__choice" onClick={() => choose({ type: 'SHARE', network: 'x' })}>
                X
              </button>
            </li>
            <li>
              <button type="button" className="share__choice" onClick={() => choose({ type: 'COPY' })}>
                リンクをコピー
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
