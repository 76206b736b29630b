import { ADMIN_CONSOLE_NAME } from '@campus/contracts/page-names';
import type { ReactNode } from 'react';
import { pageTitle } from '../lib/site';
import { PhraseText } from './phrase-text';
import './admin-page.css';

/** The frame of a console page: its title, h1, optional actions beside the heading, then the content. */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <title>{pageTitle(`${title}（${ADMIN_CONSOLE_NAME}）`)}</title>
      <div className="admin-page__head">
        <h1 id="admin-page-title" className="admin-page__title">
          <PhraseText text={title} />
        </h1>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Grey blocks where a list or form will be, announced once as 読み込み中. */
export function AdminLoading({ label = '読み込み中' }: { label?: string }) {
  return (
    <div className="admin-loading" role="status" aria-label={label}>
      <div className="page-skeleton__block" aria-hidden="true" />
      <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
      <div className="page-skeleton__block" aria-hidden="true" />
    </div>
  );
}

/** What could not load, and the button that tries again. */
export function AdminLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state__message">{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        再読み込み
      </button>
    </div>
  );
}

/** A list with nothing in it yet. */
export function AdminEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__message">{children}</p>
    </div>
  );
}

/**
 * A wide table scrolls sideways on a phone: the scrolling box is a named region keyboard users can
 * focus and scroll.
 */
export function AdminTableScroll({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <div className="admin-table-wrap" role="region" aria-label={label} aria-busy={busy || undefined} tabIndex={0}>
      {children}
    </div>
  );
}
