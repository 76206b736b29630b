import type { CourseHistory } from '@campus/contracts/course-activity';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import type { RecentHistory } from '../hooks/use-recent-course-history';

/**
 * The learner's most recently visited courses on the top page; nothing at all for visitors.
 * The top page (app) hands in how a list of courses looks (the catalogue's grid) and styles the
 * section with its own home.css: course-activity owns the history, not the course cards. The page
 * reads the history once (useRecentCourseHistory) for this section and the continue row.
 */
export function RecentHistorySection({
  recent,
  renderCourses,
}: {
  recent: RecentHistory;
  renderCourses: (courses: CourseHistory['items']) => ReactNode;
}) {
  if (recent.status === 'hidden') return null;
  return (
    <section className="home-section" aria-labelledby="history-title" aria-busy={recent.status === 'loading'}>
      <div className="home-section__head">
        <h2 id="history-title"><PhraseText text="最近見たコース" /></h2>
        <Link to="/mypage/history">すべて見る</Link>
      </div>
      {recent.status === 'loading' ? (
        <div className="home-section__placeholder" aria-label="読み込み中">
          <div className="page-skeleton__block" aria-hidden="true" />
          <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
        </div>
      ) : null}
      {recent.status === 'failed' ? (
        <div className="home-section__error" role="alert">
          <p>最近見たコースを読み込めませんでした。</p>
          <button type="button" className="button" onClick={recent.retry}>
            再読み込み
          </button>
        </div>
      ) : null}
      {recent.status === 'loaded' && recent.history.items.length === 0 ? (
        <p>まだ見たコースはありません。コースを開くと、ここに表示されます。</p>
      ) : null}
      {recent.status === 'loaded' && recent.history.items.length > 0 ? renderCourses(recent.history.items) : null}
    </section>
  );
}
