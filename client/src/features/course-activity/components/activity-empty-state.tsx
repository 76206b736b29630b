import { Link } from 'react-router-dom';

/** An empty list: what is missing, and where to find courses. */
export function ActivityEmptyState({ message }: { message: string }) {
  return (
    <div className="empty-state">
      <p className="empty-state__message">{message}</p>
      <Link className="button button--primary" to="/">
        トップページでコースを探す
      </Link>
    </div>
  );
}
