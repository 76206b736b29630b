import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import './home.css';

/** The way from the top page to the skill badges. */
export function CertificationBanner() {
  return (
    <section className="certification-banner" aria-labelledby="certification-banner-title">
      <h2 id="certification-banner-title"><PhraseText text="マーケティングスキルバッジに挑戦しよう" /></h2>
      <p>
        Basic と Advanced の認定試験に合格すると、スキルバッジと認定証を取得できます。学んだ知識を、かたちにして示しましょう。
      </p>
      <Link className="button button--primary" to="/lineyahoo-marketing-skill-badge">
        スキルバッジについて見る
      </Link>
    </section>
  );
}
