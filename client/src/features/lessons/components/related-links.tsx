import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { trackEvent } from '../../../lib/analytics';

export interface RelatedLink {
  title: string;
  url: string;
}

const isInternal = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** 関連リンク: pages of this site open in place, others in a new tab. Clicks are reported (spec §2). */
export function RelatedLinks({ links }: { links: RelatedLink[] }) {
  if (links.length === 0) return null;
  const track = (link: RelatedLink) => trackEvent('lesson_related_link', { title: link.title, url: link.url });
  return (
    <section className="lesson-section related-links" aria-labelledby="related-links-title">
      <h2 id="related-links-title"><PhraseText text="関連リンク" /></h2>
      <ul className="related-links__list">
        {links.map((link, index) => (
          <li key={`${index}:${link.url}`}>
            {isInternal(link.url) ? (
              <Link to={link.url} onClick={() => track(link)}>
                {link.title}
              </Link>
            ) : (
              <a href={link.url} target="_blank" rel="noopener noreferrer" onClick={() => track(link)}>
                {link.title}
                <span className="related-links__external" aria-hidden="true">
                  ↗
                </span>
                <span className="visually-hidden">（新しいタブで開きます）</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
