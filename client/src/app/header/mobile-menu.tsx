import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { PhraseText } from '../../components/phrase-text';
import { MAIN_NAV_LABEL } from './desktop-nav';
import type { MenuItem } from './header-menu';
import { MenuTree } from './menu-tree';

export const MOBILE_MENU_LABEL = 'メニュー';
export const MOBILE_MENU_CLOSE_LABEL = '閉じる';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Spec §2 mobile: the メニュー button opens a modal menu dialog listing every item, groups expanded.
 * Escape, 閉じる, the backdrop and a route change close it; focus stays inside while it is open and
 * goes back to the メニュー button afterwards.
 */
export function MobileMenu({ items }: { items: readonly MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const dialogId = useId();
  const titleId = useId();
  const location = useLocation();
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    close();
  }, [close, location.key]);

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
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

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
        <div
          className="mobile-menu__backdrop"
          onClick={(event) => {
            if (event.target === event.currentTarget) close();
          }}
        >
          <div
            ref={dialogRef}
            id={dialogId}
            className="mobile-menu"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            tabIndex={-1}
            onKeyDown={onKeyDown}
          >
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
        </div>
      ) : null}
    </>
  );
}
