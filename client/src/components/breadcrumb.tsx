import { Link } from 'react-router-dom';

export interface BreadcrumbItem {
  label: string;
  /** Left out for the current page. */
  to?: string;
}

/** Where the page sits: トップ › … › this page (the last item is the current page). */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav className="breadcrumb" aria-label="パンくずリスト">
      <ol>
        <li>
          <Link to="/">トップ</Link>
        </li>
        {items.map((item) => (
          <li key={item.label}>{item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
