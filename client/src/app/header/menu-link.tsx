import { Link } from 'react-router-dom';
import { trackEvent } from '../../lib/analytics';
import { HEADER_NAVIGATION_EVENT, type MenuItem } from './header-menu';

export const NEW_TAB_HINT = '（新しいタブで開きます）';
/** The name of the icon that marks a link out of the campus. */
export const EXTERNAL_SITE_LABEL = '（外部サイト）';

export const trackHeaderNavigation = (eventKey: string) => trackEvent(HEADER_NAVIGATION_EVENT, { key: eventKey });

/**
 * What assistive technology reads for the item: its text, the badge with its label
 * ('お知らせ New（未読あり）'), then for external links the icon's name and the new-tab hint
 * ('ヘルプ（外部サイト）（新しいタブで開きます）'). Given as aria-label, so every browser reads the
 * same name; it holds all the visible text, badge included (WCAG 2.5.3 label in name).
 */
export function accessibleNameOf(item: MenuItem): string {
  const badge = item.badgeText ? ` ${item.badgeText}${item.badgeLabel ?? ''}` : '';
  return `${item.text}${badge}${item.href ? `${EXTERNAL_SITE_LABEL}${NEW_TAB_HINT}` : ''}`;
}

/** The usual external-link mark: an arrow leaving a box. */
function ExternalSiteIcon() {
  return (
    <svg className="menu-link__external" viewBox="0 0 16 16" role="img" aria-label={EXTERNAL_SITE_LABEL} focusable="false">
      <path
        d="M9.5 2.5h4v4M13.5 2.5 8 8M11.5 9.5v3a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ItemText({ item }: { item: MenuItem }) {
  return (
    <>
      <span className="menu-link__text">{item.text}</span>
      {item.badgeText ? (
        <span className="badge" aria-hidden="true">
          {item.badgeText}
        </span>
      ) : null}
    </>
  );
}

interface MenuLinkProps {
  item: MenuItem;
  className?: string;
  /** Called after the click is tracked (e.g. to close the menu the link sits in). */
  onNavigate?: () => void;
}

/**
 * A menu item with a destination: a router link for `to`, a new-tab link for an external `href`.
 * Every click reports `header_navigation` with the item's event key.
 */
export function MenuLink({ item, className = 'menu-link', onNavigate }: MenuLinkProps) {
  const onClick = () => {
    trackHeaderNavigation(item.eventKey);
    onNavigate?.();
  };
  const name = accessibleNameOf(item);
  const label = name === item.text ? {} : { 'aria-label': name };
  if (item.href) {
    return (
      <a className={className} href={item.href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...label}>
        <ItemText item={item} />
        <ExternalSiteIcon />
      </a>
    );
  }
  return (
    <Link className={className} to={item.to ?? '/'} onClick={onClick} {...label}>
      <ItemText item={item} />
    </Link>
  );
}
