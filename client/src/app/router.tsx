import {
  isCertificationSlug,
  isFeedCategory,
  isServiceSlug,
  isVideoServiceSlug,
} from '@campus/contracts/catalogue-slugs';
import type { ComponentType } from 'react';
import { createBrowserRouter, data, Navigate, useParams, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { PageSkeleton } from '../components/page-skeleton';
import { nextTask } from '../lib/next-task';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import type { RouteHandle } from './layouts/scroll-to-top';
import { GuardedOutlet } from './route-guards/guarded-outlet';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import { AppShell } from './shell/app-shell';

/**
 * A lazy route module: the page's code loads with its first visit. A page that needs server data
 * names its loader too; the loader's ApiError reaches RouteErrorPage (spec §8, page level).
 */
function page<M>(load: () => Promise<M>, name: keyof M, loaderName?: keyof M) {
  return async () => {
    const module = await load();
    // The page's code has just run; its loader, which asks for the page's data, runs in a task of its own.
    await nextTask();
    return {
      Component: module[name] as ComponentType,
      ...(loaderName ? { loader: module[loaderName] as LoaderFunction } : {}),
    };
  };
}
// The top page is lazy too: its code and data load together, and the entry bundle stays small.
const home = () => import('./routes/home-page');
const mypage = () => import('./routes/mypage-pages');
const notifications = () => import('./routes/notification-pages');
const services = () => import('./routes/service-pages');
const lessons = () => import('./routes/lesson-pages');
const badge = () => import('./routes/badge-pages');
const examPages = () => import('./routes/exam-pages');
const adminConsole = () => import('../features/admin-console/components/admin-layout');
const adminPages = () => import('./routes/admin-pages');
const adminMonitoring = () => import('./routes/admin-monitoring-pages');
const agreements = () => import('./routes/agreement-pages');

/** Slug checks (spec §2): an unknown slug is the 404 page. */
function requireSlug(param: string, isValid: (value: string | undefined) => boolean) {
  return ({ params }: LoaderFunctionArgs) => {
    if (!isValid(params[param])) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}

const scrollToTop: RouteHandle = { scrollToTop: true };

/** Spec §2: the personal feed is closed to logged-in learners who have not accepted the agreements. */
function FeedOutlet() {
  const { feedCategory } = useParams();
  return <GuardedOutlet guards={feedCategory === 'personal' ? ['personalFeed'] : []} />;
}

const BADGE = 'lineyahoo-marketing-skill-badge';

const withDefaultLayout: RouteObject = {
  element: <DefaultLayout />,
  errorElement: <RouteErrorPage />,
  children: [
    {
      // Errors render inside the layout, so the header (and login) stays usable.
      errorElement: <RouteErrorPage />,
      // When the first page's code and data take longer than the first paint waits for them
      // (shell/first-paint.ts): the header, and a skeleton where the page goes.
      hydrateFallbackElement: <PageSkeleton />,
      children: [
        { index: true, lazy: page(home, 'HomePage', 'homePageLoader') },
        {
          path: 'mypage',
          handle: scrollToTop,
          children: [
            { index: true, element: <Navigate to="/mypage/profile" replace /> },
            {
              element: <GuardedOutlet guards={['login']} />,
              children: [
                { path: 'profile', lazy: page(mypage, 'ProfilePage') },
                { path: 'profile/edit', lazy: page(mypage, 'ProfileEditPage') },
              ],
            },
            {
              element: <GuardedOutlet guards={['login', 'agreement']} />,
              children: [
                { path: 'history', lazy: page(mypage, 'HistoryPage', 'historyLoader') },
                { path: 'wishlist', lazy: page(mypage, 'WishlistPage', 'wishlistLoader') },
                { path: 'certificates', lazy: page(mypage, 'CertificatesPage', 'certificatesLoader') },
                { path: 'certificates/:certificateSlug', lazy: page(mypage, 'CertificatePage', 'certificateLoader') },
              ],
            },
          ],
        },
        {
          path: 'notifications',
          children: [
            { index: true, element: <Navigate to="/notifications/general" replace /> },
            {
              path: ':feedCategory',
              loader: requireSlug('feedCategory', isFeedCategory),
              element: <FeedOutlet />,
              children: [
                { index: true, lazy: page(notifications, 'NotificationListPage', 'notificationListLoader') },
                { path: ':feedSlug', lazy: page(notifications, 'NotificationDetailPage', 'notificationDetailLoader') },
              ],
            },
          ],
        },
        {
          path: 'learn-with-video/:serviceSlug',
          loader: requireSlug('serviceSlug', isVideoServiceSlug),
          children: [
            { index: true, lazy: page(services, 'VideoServicePage', 'videoServicePageLoader') },
            { path: 'courses/:courseSlug', lazy: page(services, 'VideoCoursePage', 'videoCoursePageLoader') },
            { path: 'courses/:courseSlug/lessons/:lessonSlug', handle: scrollToTop, lazy: page(lessons, 'VideoLessonPage', 'videoLessonPageLoader') },
          ],
        },
        {
          path: BADGE,
          children: [
            { index: true, lazy: page(badge, 'BadgeLandingPage', 'badgeLandingLoader') },
            {
              path: 'courses/:courseSlug',
              loader: requireSlug('courseSlug', isCertificationSlug),
              children: [
                { index: true, lazy: page(badge, 'CertificationCoursePage', 'certificationCourseLoader') },
                {
                  element: <GuardedOutlet guards={['loginCancelled', 'login', 'agreement']} />,
                  children: [
                    { path: 'exam-policy', lazy: page(examPages, 'ExamPolicyPage', 'examPolicyLoader') },
                    { path: 'exam-result', lazy: page(examPages, 'ExamResultPage') },
                    { path: 'lessons/:lessonSlug', handle: scrollToTop, lazy: page(lessons, 'CertificationLessonPage', 'certificationLessonLoader') },
                  ],
                },
              ],
            },
          ],
        },
        { path: 'line-green-badge', lazy: page(() => import('./routes/line-green-badge-page'), 'LineGreenBadgePage', 'lineGreenBadgeLoader') },
        // Public: what the agreement dialog asks a learner to accept.
        { path: 'terms', lazy: page(agreements, 'TermsPage', 'termsLoader') },
        { path: 'privacy', lazy: page(agreements, 'PrivacyPage', 'privacyLoader') },
        // Public: anyone checks a credential they hold (this campus's or another issuer's) by pasting or dropping it.
        { path: 'certificates/verify', lazy: page(() => import('./routes/credential-verifier-page'), 'CredentialVerifierPage') },
        // Public: the verification URL printed on a certificate PDF, for anyone (no login).
        {
          path: 'certificates/verify/:certificateSlug',
          lazy: page(() => import('./routes/certificate-verification-page'), 'CertificateVerificationPage', 'certificateVerificationLoader'),
        },
        {
          path: ':serviceSlug',
          loader: requireSlug('serviceSlug', isServiceSlug),
          children: [
            { index: true, lazy: page(services, 'ServicePage', 'servicePageLoader') },
            { path: 'courses/:courseSlug', lazy: page(services, 'CoursePage', 'coursePageLoader') },
            { path: 'courses/:courseSlug/lessons/:lessonSlug', handle: scrollToTop, lazy: page(lessons, 'LessonPage', 'lessonPageLoader') },
          ],
        },
        {
          // The admin console: admins only; a learner is told so, a visitor is asked to log in.
          path: 'admin',
          element: <GuardedOutlet guards={['login', 'agreement', 'admin']} />,
          children: [
            {
              lazy: page(adminConsole, 'AdminLayout'),
              children: [
                { index: true, element: <Navigate to="/admin/events" replace /> },
                { path: 'events', lazy: page(adminMonitoring, 'AdminEventsPage') },
                { path: 'announcements', lazy: page(adminPages, 'AdminAnnouncementsPage') },
                { path: 'announcements/new', lazy: page(adminPages, 'AdminAnnouncementNewPage') },
                { path: 'announcements/:announcementId', lazy: page(adminPages, 'AdminAnnouncementEditPage') },
                { path: 'messages', lazy: page(adminPages, 'AdminMessagesPage') },
                { path: 'accommodations', lazy: page(adminPages, 'AdminAccommodationsPage') },
                { path: 'queues', lazy: page(adminMonitoring, 'AdminQueuesPage') },
                { path: 'analytics', lazy: page(adminMonitoring, 'AdminAnalyticsPage') },
                { path: 'analytics-log', lazy: page(adminMonitoring, 'AdminAnalyticsLogPage') },
                { path: 'imports', lazy: page(adminPages, 'AdminImportsPage') },
                { path: 'credentials', lazy: page(adminPages, 'AdminCredentialsPage') },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
};

// The exam screen has the empty layout: nothing to click away to while the clock runs.
const exam: RouteObject = {
  path: `${BADGE}/courses/:courseSlug/exam`,
  element: <EmptyLayout />,
  // The error page replaces the route's element: it is given the layout's <main> itself.
  errorElement: (
    <EmptyLayout>
      <RouteErrorPage />
    </EmptyLayout>
  ),
  hydrateFallbackElement: <PageSkeleton />,
  loader: requireSlug('courseSlug', isCertificationSlug),
  children: [
    {
      element: <GuardedOutlet guards={['login', 'agreement']} />,
      children: [{ index: true, lazy: page(examPages, 'ExamPage') }],
    },
  ],
};

/** The spec's route table (§2), with its guards, slug checks, layouts and scroll-to-top routes. */
export const routes: RouteObject[] = [
  // The shell has no fallback of its own: it must be up at once, so a failed first request
  // (e.g. GET /me without a network) gets its popup while the page is still loading.
  { element: <AppShell />, children: [withDefaultLayout, exam] },
];

export const createAppRouter = () => createBrowserRouter(routes);
