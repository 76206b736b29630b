import { Link } from 'react-router-dom';
import { PhraseText } from '../../components/phrase-text';
import { pageTitle } from '../../lib/site';

export const NOT_FOUND_MESSAGE = 'お探しのページはみつかりませんでした。';

/** Spec §2: 404 with the text and a button to the top page. */
export function NotFoundPage() {
  return (
    <section className="error-page" aria-labelledby="not-found-title">
      <title>{pageTitle('ページが見つかりません')}</title>
      <p className="error-page__code">
        404
      </p>
      <h1 id="not-found-title"><PhraseText text={NOT_FOUND_MESSAGE} /></h1>
      <Link to="/" className="button button--primary">
        トップページへ
      </Link>
    </section>
  );
}
