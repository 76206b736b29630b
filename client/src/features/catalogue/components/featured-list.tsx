import type { FeaturedItem } from '@campus/contracts/catalogue';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { CourseImage } from '../../../components/artwork/course-image';
import { COURSE_KIND_LABELS } from '../course-labels';
import './home.css';

/** The top page's pickup: each featured course with the editors' headline. Its first image is the page's first, so eager. */
export function FeaturedList({ items }: { items: FeaturedItem[] }) {
  return (
    <ul className="card-grid">
      {items.map((item, index) => (
        <li key={`${item.kind}:${item.slug}`} className="card-box featured-item">
          <CourseImage kind={item.kind} slug={item.slug} program={item.program} eager={index === 0} />
          <p className="featured-item__headline">{item.headline}</p>
          <h3 className="featured-item__title">
            <Link className="featured-item__link" to={item.path}>
              <PhraseText text={item.title} />
            </Link>
          </h3>
          <p className="featured-item__kind">{COURSE_KIND_LABELS[item.kind]}</p>
          <p className="featured-item__summary">{item.summary}</p>
        </li>
      ))}
    </ul>
  );
}
