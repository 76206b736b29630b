import { Link } from 'react-router-dom';
import { PhraseText } from '../../components/phrase-text';
import { pageTitle } from '../../lib/site';

export const FORBIDDEN_MESSAGE = 'このページを表示する権限がありません';

/** A logged-in user on a page for admins only: say so, and offer the way back. */
export function ForbiddenPage() {
  return (
    <section className="error-page" aria-labelledby="forbidden-title">
      <title>{pageTitle('権限がありません')}</title>
      <p className="error-page__code">403</p>
      <h1 id="forbidden-title"><PhraseText text={FORBIDDEN_MESSAGE} /></h1>
      <Link to="/" className="button button--primary">
        トップページへ
      </Link>
    </section>
  );
}
