import { Link } from 'react-router-dom';
import { trackEvent } from '../../lib/analytics';
import { HEADER_NAVIGATION_EVENT, type MenuItem } from './header-menu';

export const NEW_TAB_HINT = '（新しいタブで開きます）';

export const trackHeaderNavigation = (eventKey: string) => trackEvent(HEADER_NAVIGATION_EVENT, { key: eventKey });

/**
 * What assistive technology reads for the item: its text, the badge with its label
 * ('お知らせ New（未読あり）'), then the new-tab hint for external links
 * ('ヘルプ（新しいタブで開きます）'). Given as aria-label, so every browser reads the same name;
 * it holds all the visible text, badge included (WCAG 2.5.3 label in name).
 */
export function accessibleNameOf(item: MenuItem): string {
  const badge = item.badgeText ? ` ${item.badgeText}${item.badgeLabel ?? ''}` : '';
  return `${item.text}${badge}${item.href ? NEW_TAB_HINT : ''}`;
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
        <span className="menu-link__external" aria-hidden="true" />
      </a>
    );
  }
  return (
    <Link className={className} to={item.to ?? '/'} onClick={onClick} {...label}>
      <ItemText item={item} />
    </Link>
  );
}
