import { MOBILE_MENU_LABEL } from '@campus/contracts/header-labels';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PhraseText } from '../../components/phrase-text';
import { useModalDialog } from '../../components/ui/use-modal-dialog';
import { usePageScrollLock } from '../../components/ui/use-page-scroll-lock';
import { MAIN_NAV_LABEL } from './desktop-nav';
import type { MenuItem } from './header-menu';
import { MenuTree } from './menu-tree';

export const MOBILE_MENU_CLOSE_LABEL = '閉じる';

/**
 * Spec §2 mobile: the メニュー button opens a modal menu dialog (`<dialog>` shown with showModal:
 * the browser keeps focus inside) listing every item, groups expanded. Escape, 閉じる, the backdrop
 * and a route change close it; focus goes back to the メニュー button afterwards.
 */
export function MobileMenu({ items }: { items: readonly MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const dialogId = useId();
  const titleId = useId();
  const location = useLocation();
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    close();
  }, [close, location.key]);

  useModalDialog(dialogRef, open, close);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      closeRef.current?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  // The page behind does not scroll while the menu covers it.
  usePageScrollLock(open);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        {...(open ? { 'aria-controls': dialogId } : {})}
        onClick={() => setOpen(true)}
      >
        <span className="menu-button__icon" aria-hidden="true" />
        <span className="menu-button__text">{MOBILE_MENU_LABEL}</span>
      </button>
      {open ? (
        <dialog
          ref={dialogRef}
          id={dialogId}
          className="modal-layer mobile-menu__backdrop"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          onClick={(event) => {
            if (event.target === event.currentTarget) close();
          }}
        >
          <div className="mobile-menu">
            <div className="mobile-menu__header">
              <h2 id={titleId} className="mobile-menu__title">
                <PhraseText text={MOBILE_MENU_LABEL} />
              </h2>
              <button ref={closeRef} type="button" className="button button--quiet" onClick={close}>
                {MOBILE_MENU_CLOSE_LABEL}
              </button>
            </div>
            <nav aria-label={MAIN_NAV_LABEL}>
              <MenuTree items={items} onNavigate={close} className="menu-tree mobile-menu__list" />
            </nav>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
