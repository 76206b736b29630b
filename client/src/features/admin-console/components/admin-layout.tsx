import { Link, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_CONSOLE_NAME } from '@campus/contracts/page-names';
import { PhraseText } from '../../../components/phrase-text';
import './admin-console.css';

/** The console's pages, in the order of the side navigation. */
export const ADMIN_CONSOLE_LINKS: readonly { to: string; text: string }[] = [
  { to: '/admin/events', text: 'イベント' },
  { to: '/admin/announcements', text: 'お知らせ' },
  { to: '/admin/messages', text: '個別のお知らせ' },
  { to: '/admin/accommodations', text: '試験時間の延長' },
  { to: '/admin/queues', text: 'ジョブキュー' },
  { to: '/admin/analytics', text: '試験の分析' },
  { to: '/admin/analytics-log', text: 'アクセスログ' },
  { to: '/admin/imports', text: 'バッジの移行' },
  { to: '/admin/credentials', text: 'デジタル認定証' },
  { to: '/admin/studio', text: 'コンテンツスタジオ' },
  { to: '/admin/studio/questions', text: '問題バンク' },
];

/**
 * The console page a path belongs to: the link whose address is the longest one the path starts with, so
 * an editor page keeps its list current (お知らせ) and 問題バンク's pages are not also コンテンツスタジオ's.
 */
export function currentConsoleLink(pathname: string): string | undefined {
  const under = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  return ADMIN_CONSOLE_LINKS.filter((link) => under(link.to)).sort((a, b) => b.to.length - a.to.length)[0]?.to;
}

/** The admin console: its name and side navigation next to the page (each page has its own h1). */
export function AdminLayout() {
  const current = currentConsoleLink(useLocation().pathname);
  return (
    <div className="admin-console">
      <div className="admin-console__side">
        <h2 className="admin-console__name"><PhraseText text={ADMIN_CONSOLE_NAME} /></h2>
        <nav aria-label={ADMIN_CONSOLE_NAME}>
          <ul className="admin-console__links">
            {ADMIN_CONSOLE_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="admin-console__link" to={link.to} aria-current={link.to === current ? 'page' : undefined}>
                  {link.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="admin-console__page">
        <Outlet />
      </div>
    </div>
  );
}
