import { useId } from 'react';
import type { MenuItem } from './header-menu';
import { MenuLink } from './menu-link';

/** An item with children: a titled group of links (the title names the group for assistive technology). */
function MenuGroup({ item, onNavigate }: { item: MenuItem; onNavigate?: () => void }) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="menu-group">
      <span id={titleId} className="menu-group__title">
        {item.text}
      </span>
      <MenuTree items={item.children ?? []} {...(onNavigate ? { onNavigate } : {})} />
    </div>
  );
}

interface MenuTreeProps {
  items: readonly MenuItem[];
  onNavigate?: () => void;
  className?: string;
}

/** A list of menu items, groups expanded: the content of a desktop submenu and of the mobile menu. */
export function MenuTree({ items, onNavigate, className = 'menu-tree' }: MenuTreeProps) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.eventKey} className="menu-tree__item">
          {item.to || item.href ? (
            <MenuLink item={item} {...(onNavigate ? { onNavigate } : {})} />
          ) : (
            <MenuGroup item={item} {...(onNavigate ? { onNavigate } : {})} />
          )}
        </li>
      ))}
    </ul>
  );
}
