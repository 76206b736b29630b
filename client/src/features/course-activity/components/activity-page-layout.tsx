import type { ActivityCourseKind } from '@campus/contracts/course-activity';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { pageTitle } from '../../../lib/site';
import type { AllowedDataState } from '../../../lib/session/use-reload-when-allowed';
import { CourseTypeTabs } from './course-type-tabs';
import './activity-list.css';

interface ActivityPageLayoutProps {
  title: string;
  type: ActivityCourseKind | null;
  /** Whether the loader's data can be shown yet (see useReloadWhenAllowed). */
  data: AllowedDataState;
  children: ReactNode;
}

/**
 * The frame of the history and wish list pages: title, heading, type tabs, and the list — or its
 * loading placeholder, or a retry when the data could not be loaded after all.
 */
export function ActivityPageLayout({ title, type, data, children }: ActivityPageLayoutProps) {
  // A tab or page link was followed: the old list stays, marked busy, until the new one arrives.
  const navigating = useNavigation().state === 'loading';
  return (
    <section className="activity-page" aria-labelledby="activity-page-title">
      <title>{pageTitle(title)}</title>
      <h1 id="activity-page-title" className="activity-page__title">
        <PhraseText text={title} />
      </h1>
      <CourseTypeTabs current={type} />
      <div className="activity-page__body" aria-busy={navigating || data.state === 'waiting' || undefined}>
        {data.state === 'ready' ? children : null}
        {data.state === 'waiting' ? <ListPlaceholder /> : null}
        {data.state === 'failed' ? (
          <div className="empty-state" role="alert">
            <p className="empty-state__message">一覧を読み込めませんでした。時間をおいて再度お試しください。</p>
            <button type="button" className="button" onClick={data.retry}>
              再読み込み
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function ListPlaceholder() {
  return (
    <div className="activity-placeholder" role="status">
      <span className="activity-placeholder__text">読み込み中</span>
      <div className="page-skeleton__block" aria-hidden="true" />
      <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
      <div className="page-skeleton__block" aria-hidden="true" />
    </div>
  );
}
