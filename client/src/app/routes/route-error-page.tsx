import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { pageTitle } from '../site';
import { NotFoundPage } from './not-found-page';

/** What a route shows when it throws: the 404 page for "not found", a plain apology otherwise. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="error-page" aria-labelledby="route-error-title">
      <title>{pageTitle('エラー')}</title>
      <h1 id="route-error-title">エラーが発生しました。</h1>
      <p>時間をおいて、ページを再読み込みしてください。</p>
      <Link to="/" className="button button--primary">
        トップページへ
      </Link>
    </section>
  );
}
