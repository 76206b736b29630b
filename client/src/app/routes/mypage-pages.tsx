import type { CourseHistory, FavoriteCourse } from '@campus/contracts/course-activity';
import type { CurrentUser } from '@campus/contracts/current-user';
import { MYPAGE_PAGE_NAMES } from '@campus/contracts/page-names';
import { useCallback } from 'react';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router-dom';
import { StepPager } from '../../components/step-pager';
import { CourseCardView } from '../../features/catalogue/components/course-card';
import { CERTIFICATE_DETAIL_TITLE, CERTIFICATES_TITLE } from '../../features/certificates/certificate-labels';
import { CertificateDetail } from '../../features/certificates/components/certificate-detail';
import { CertificateList } from '../../features/certificates/components/certificate-list';
import { CertificatePageFrame } from '../../features/certificates/components/certificate-page-frame';
import { loadCertificate, loadCertificateList } from '../../features/certificates/loaders/certificate.loaders';
import { activityListSearch, hasActivity, historyPageCount, type ActivityListQuery } from '../../features/course-activity/activity-list-query';
import { ActivityEmptyState } from '../../features/course-activity/components/activity-empty-state';
import { ActivityPageLayout } from '../../features/course-activity/components/activity-page-layout';
import { FavoriteSettledContext } from '../../components/favorite-toggle/favorite-settled-context';
import { useReloadWhenAllowed } from '../../lib/session/use-reload-when-allowed';
import { useRemovedFavorites } from '../../features/course-activity/hooks/use-removed-favorites';
import { loadHistoryPage, loadWishlistPage } from '../../features/course-activity/loaders/activity-list.loaders';
import { useSessionActorRef } from '../../lib/session/use-session';
import { ProfileEditor } from '../../features/profile/components/profile-editor';
import { ProfileView } from '../../features/profile/components/profile-view';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import { returnPathOf } from '../../lib/profile-paths';

/** /mypage/profile — the learner's profile, the name certificates print, the badges held. */
export const ProfilePage = () => <ProfileView />;

/**
 * /mypage/profile/edit — the saved user goes to the session at once (header, the exam policy page's
 * profile check), then the learner returns to the page that sent them (?returnTo=).
 */
export function ProfileEditPage() {
  const session = useSessionActorRef();
  const { search } = useLocation();
  const onSaved = useCallback((user: CurrentUser) => session.send({ type: 'USER_UPDATED', user }), [session]);
  return <ProfileEditor returnPath={returnPathOf(search)} onSaved={onSaved} />;
}

export const HISTORY_EMPTY_TEXT = 'まだ閲覧したコースはありません。';
export const WISHLIST_EMPTY_TEXT = '受講したいリストにコースはまだありません。';
export const WISHLIST_REMOVED_TEXT = '受講したいリストから外しました。ハートをもう一度押すと元に戻せます。';

export const historyLoader = ({ request }: LoaderFunctionArgs) => loadHistoryPage(request);
export const wishlistLoader = ({ request }: LoaderFunctionArgs) => loadWishlistPage(request);

/** /mypage/history — 受講履歴: visited courses, most recent first, 20 a page, by type. */
export function HistoryPage() {
  const data = useLoaderData<typeof historyLoader>();
  const allowed = useReloadWhenAllowed(data.status);
  return (
    <ActivityPageLayout title={MYPAGE_PAGE_NAMES.history} type={data.query.type} data={allowed}>
      {data.status === 'ready' ? <HistoryList query={data.query} history={data.history} /> : null}
    </ActivityPageLayout>
  );
}

function HistoryList({ query, history }: { query: ActivityListQuery; history: CourseHistory }) {
  const pageCount = historyPageCount(history.total);
  if (history.total === 0) return <ActivityEmptyState message={HISTORY_EMPTY_TEXT} />;
  return (
    <>
      {history.items.length === 0 ? (
        // A page number past the end (an old bookmark): the pager leads back.
        <p>このページに表示するコースはありません。</p>
      ) : (
        <ul className="card-grid activity-list" aria-label="閲覧したコース">
          {history.items.map((course, index) => (
            <li key={`${course.kind}:${course.slug}`} className="activity-list__item">
              <CourseCardView course={course} headingLevel={2} eagerImage={index === 0} />
              <p className="activity-list__meta">
                最終閲覧日 <time dateTime={course.visitedAt}>{formatJapaneseDate(course.visitedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <StepPager page={query.page} pageCount={pageCount} searchFor={(page) => activityListSearch({ type: query.type, page })} />
    </>
  );
}

/** /mypage/wishlist — 受講したいリスト: favourite courses, newest first, by type. */
export function WishlistPage() {
  const data = useLoaderData<typeof wishlistLoader>();
  const allowed = useReloadWhenAllowed(data.status);
  return (
    <ActivityPageLayout title={MYPAGE_PAGE_NAMES.wishlist} type={data.query.type} data={allowed}>
      {data.status === 'ready' ? <WishlistList courses={data.courses} /> : null}
    </ActivityPageLayout>
  );
}

/**
 * A course taken off the list stays, dimmed and marked, until the page is loaded again: the
 * cards do not jump under the pointer, keyboard focus stays on the pressed heart, and pressing
 * it again undoes a slip.
 */
function WishlistList({ courses }: { courses: FavoriteCourse[] }) {
  const { isRemoved, onSettled } = useRemovedFavorites();
  if (courses.length === 0) return <ActivityEmptyState message={WISHLIST_EMPTY_TEXT} />;
  return (
    <FavoriteSettledContext.Provider value={onSettled}>
      <ul className="card-grid activity-list" aria-label="受講したいコース">
        {courses.map((course, index) => {
          const removed = hasActivity(course.kind) && isRemoved(course.kind, course.slug);
          return (
            <li
              key={`${course.kind}:${course.slug}`}
              className={`activity-list__item${removed ? ' activity-list__item--removed' : ''}`}
            >
              {/* On this list by definition, whatever an older answer said. */}
              <CourseCardView course={{ ...course, isFavorite: true }} headingLevel={2} eagerImage={index === 0} />
              <p className="activity-list__meta">
                追加日 <time dateTime={course.favoritedAt}>{formatJapaneseDate(course.favoritedAt)}</time>
              </p>
              {removed ? <p className="activity-list__removed">{WISHLIST_REMOVED_TEXT}</p> : null}
            </li>
          );
        })}
      </ul>
    </FavoriteSettledContext.Provider>
  );
}

export const certificatesLoader = ({ request }: LoaderFunctionArgs) => loadCertificateList(request);
export const certificateLoader = ({ params, request }: LoaderFunctionArgs) => loadCertificate(params.certificateSlug ?? '', request);

/** /mypage/certificates — 認定証: the learner's certificates, newest first, expired ones marked. */
export function CertificatesPage() {
  const data = useLoaderData<typeof certificatesLoader>();
  const allowed = useReloadWhenAllowed(data.status);
  return (
    <CertificatePageFrame title={CERTIFICATES_TITLE} data={allowed}>
      {data.status === 'ready' ? <CertificateList certificates={data.certificates} /> : null}
    </CertificatePageFrame>
  );
}

/** /mypage/certificates/{certificateSlug} — one certificate; another learner's or unknown → the 404 page. */
export function CertificatePage() {
  const data = useLoaderData<typeof certificateLoader>();
  const allowed = useReloadWhenAllowed(data.status);
  if (data.status === 'ready') return <CertificateDetail certificate={data.certificate} />;
  return <CertificatePageFrame title={CERTIFICATE_DETAIL_TITLE} data={allowed} />;
}
