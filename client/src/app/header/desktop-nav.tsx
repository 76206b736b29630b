import type { MenuItem } from './header-menu';
import { MenuLink, trackHeaderNavigation } from './menu-link';
import { MenuTree } from './menu-tree';
import { Submenu } from './submenu';

export const MAIN_NAV_LABEL = 'メインメニュー';

/** The desktop navigation: links, and submenus that open on hover (spec §2). */
export function DesktopNav({ items }: { items: readonly MenuItem[] }) {
  return (
    <nav className="site-nav" aria-label={MAIN_NAV_LABEL}>
      <ul className="site-nav__list">
        {items.map((item) => (
          <li key={item.eventKey} className="site-nav__item">
            {item.to || item.href ? (
              <MenuLink item={item} className="site-nav__link" />
            ) : (
              <Submenu
                id={item.eventKey}
                trigger={item.text}
                triggerClassName="site-nav__link submenu__trigger"
                onTriggerPress={() => trackHeaderNavigation(item.eventKey)}
              >
                <MenuTree items={item.children ?? []} />
              </Submenu>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
