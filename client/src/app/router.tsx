import { PAGE_ROUTES as PAGES, pageParamsValid, type PageRoute } from '@campus/contracts/page-routes';
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
const mailLinkPages = () => import('./routes/mail-link-pages');
const adminConsole = () => import('../features/admin-console/components/admin-layout');
const adminPages = () => import('./routes/admin-pages');
const adminMonitoring = () => import('./routes/admin-monitoring-pages');
const studioPages = () => import('./routes/studio-pages');
const studioQuestionPages = () => import('./routes/studio-question-pages');
const agreements = () => import('./routes/agreement-pages');

/** The page's slug checks (spec §2, contracts/page-routes.ts): an unknown slug is the 404 page. */
function requireSlugs(page: PageRoute) {
  return ({ params }: LoaderFunctionArgs) => {
    if (!pageParamsValid(page, params)) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}

const scrollToTop: RouteHandle = { scrollToTop: true };

/** Spec §2: the personal feed is closed to logged-in learners who have not accepted the agreements. */
function FeedOutlet() {
  const { feedCategory } = useParams();
  return <GuardedOutlet guards={feedCategory === 'personal' ? ['personalFeed'] : []} />;
}

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
          path: PAGES.mypage.path,
          handle: scrollToTop,
          children: [
            { index: true, element: <Navigate to={PAGES.profile.path} replace /> },
            {
              element: <GuardedOutlet guards={['login']} />,
              children: [
                { path: PAGES.profile.path, lazy: page(mypage, 'ProfilePage') },
                { path: PAGES.profileEdit.path, lazy: page(mypage, 'ProfileEditPage') },
              ],
            },
            {
              element: <GuardedOutlet guards={['login', 'agreement']} />,
              children: [
                { path: PAGES.history.path, lazy: page(mypage, 'HistoryPage', 'historyLoader') },
                { path: PAGES.wishlist.path, lazy: page(mypage, 'WishlistPage', 'wishlistLoader') },
                { path: PAGES.certificates.path, lazy: page(mypage, 'CertificatesPage', 'certificatesLoader') },
                { path: PAGES.certificate.path, lazy: page(mypage, 'CertificatePage', 'certificateLoader') },
              ],
            },
          ],
        },
        {
          path: PAGES.notifications.path,
          children: [
            { index: true, element: <Navigate to="/notifications/general" replace /> },
            {
              path: PAGES.feed.path,
              loader: requireSlugs(PAGES.feed),
              element: <FeedOutlet />,
              children: [
                { index: true, lazy: page(notifications, 'NotificationListPage', 'notificationListLoader') },
                { path: PAGES.feedItem.path, lazy: page(notifications, 'NotificationDetailPage', 'notificationDetailLoader') },
              ],
            },
          ],
        },
        {
          path: PAGES.videoService.path,
          loader: requireSlugs(PAGES.videoService),
          children: [
            { index: true, lazy: page(services, 'VideoServicePage', 'videoServicePageLoader') },
            { path: PAGES.videoCourse.path, lazy: page(services, 'VideoCoursePage', 'videoCoursePageLoader') },
            { path: PAGES.videoLesson.path, handle: scrollToTop, lazy: page(lessons, 'VideoLessonPage', 'videoLessonPageLoader') },
          ],
        },
        {
          path: PAGES.badgeLanding.path,
          children: [
            { index: true, lazy: page(badge, 'BadgeLandingPage', 'badgeLandingLoader') },
            {
              path: PAGES.certificationCourse.path,
              loader: requireSlugs(PAGES.certificationCourse),
              children: [
                { index: true, lazy: page(badge, 'CertificationCoursePage', 'certificationCourseLoader') },
                {
                  element: <GuardedOutlet guards={['loginCancelled', 'login', 'agreement']} />,
                  children: [
                    { path: PAGES.examPolicy.path, lazy: page(examPages, 'ExamPolicyPage', 'examPolicyLoader') },
                    { path: PAGES.examResult.path, lazy: page(examPages, 'ExamResultPage', 'examResultLoader') },
                    { path: PAGES.certificationLesson.path, handle: scrollToTop, lazy: page(lessons, 'CertificationLessonPage', 'certificationLessonLoader') },
                  ],
                },
              ],
            },
          ],
        },
        { path: PAGES.lineGreenBadge.path, lazy: page(() => import('./routes/line-green-badge-page'), 'LineGreenBadgePage', 'lineGreenBadgeLoader') },
        // Public: what the agreement dialog asks a learner to accept.
        { path: PAGES.terms.path, lazy: page(agreements, 'TermsPage', 'termsLoader') },
        { path: PAGES.privacy.path, lazy: page(agreements, 'PrivacyPage', 'privacyLoader') },
        // Public: anyone checks a credential they hold (this campus's or another issuer's) by pasting or dropping it.
        { path: PAGES.credentialVerifier.path, lazy: page(() => import('./routes/credential-verifier-page'), 'CredentialVerifierPage') },
        { path: PAGES.mailUnsubscribe.path, lazy: page(mailLinkPages, 'MailUnsubscribePage') },
        { path: PAGES.mailConfirm.path, lazy: page(mailLinkPages, 'MailConfirmPage') },
        // Public: the verification URL printed on a certificate PDF, for anyone (no login).
        {
          path: PAGES.certificateVerification.path,
          lazy: page(() => import('./routes/certificate-verification-page'), 'CertificateVerificationPage', 'certificateVerificationLoader'),
        },
        {
          path: PAGES.service.path,
          loader: requireSlugs(PAGES.service),
          children: [
            { index: true, lazy: page(services, 'ServicePage', 'servicePageLoader') },
            { path: PAGES.course.path, lazy: page(services, 'CoursePage', 'coursePageLoader') },
            { path: PAGES.lesson.path, handle: scrollToTop, lazy: page(lessons, 'LessonPage', 'lessonPageLoader') },
          ],
        },
        {
          // The admin console: admins only; a learner is told so, a visitor is asked to log in.
          path: PAGES.admin.path,
          element: <GuardedOutlet guards={['login', 'agreement', 'admin']} />,
          children: [
            {
              lazy: page(adminConsole, 'AdminLayout'),
              children: [
                { index: true, element: <Navigate to={PAGES.adminEvents.path} replace /> },
                { path: PAGES.adminEvents.path, lazy: page(adminMonitoring, 'AdminEventsPage') },
                { path: PAGES.adminAnnouncements.path, lazy: page(adminPages, 'AdminAnnouncementsPage') },
                { path: PAGES.adminAnnouncementNew.path, lazy: page(adminPages, 'AdminAnnouncementNewPage') },
                { path: PAGES.adminAnnouncementEdit.path, lazy: page(adminPages, 'AdminAnnouncementEditPage') },
                { path: PAGES.adminMessages.path, lazy: page(adminPages, 'AdminMessagesPage') },
                { path: PAGES.adminAccommodations.path, lazy: page(adminPages, 'AdminAccommodationsPage') },
                { path: PAGES.adminQueues.path, lazy: page(adminMonitoring, 'AdminQueuesPage') },
                { path: PAGES.adminAnalytics.path, lazy: page(adminMonitoring, 'AdminAnalyticsPage') },
                { path: PAGES.adminAnalyticsLog.path, lazy: page(adminMonitoring, 'AdminAnalyticsLogPage') },
                { path: PAGES.adminImports.path, lazy: page(adminPages, 'AdminImportsPage') },
                { path: PAGES.adminCredentials.path, lazy: page(adminPages, 'AdminCredentialsPage') },
                { path: PAGES.adminStudio.path, lazy: page(studioPages, 'StudioHomePage') },
                { path: PAGES.adminStudioCourses.path, lazy: page(studioPages, 'StudioCoursesPage') },
                { path: PAGES.adminStudioCourse.path, lazy: page(studioPages, 'StudioCourseEditPage') },
                { path: PAGES.adminStudioCoursePreview.path, lazy: page(studioPages, 'StudioCoursePreviewPage') },
                { path: PAGES.adminStudioLessonPreview.path, lazy: page(studioPages, 'StudioLessonPreviewPage') },
                { path: PAGES.adminStudioQuestions.path, lazy: page(studioQuestionPages, 'StudioQuestionBanksPage') },
                { path: PAGES.adminStudioQuestionBank.path, lazy: page(studioQuestionPages, 'StudioQuestionBankPage') },
                { path: PAGES.adminStudioQuestionNew.path, lazy: page(studioQuestionPages, 'StudioQuestionNewPage') },
                { path: PAGES.adminStudioQuestionEdit.path, lazy: page(studioQuestionPages, 'StudioQuestionEditPage') },
                { path: PAGES.adminStudioBlueprint.path, lazy: page(studioQuestionPages, 'StudioBlueprintPage') },
                { path: PAGES.adminStudioExamPreview.path, lazy: page(studioQuestionPages, 'StudioExamPreviewPage') },
                { path: PAGES.adminStudioItemStatistics.path, lazy: page(studioQuestionPages, 'StudioItemStatisticsPage') },
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
  path: PAGES.exam.path,
  element: <EmptyLayout />,
  // The error page replaces the route's element: it is given the layout's <main> itself.
  errorElement: (
    <EmptyLayout>
      <RouteErrorPage />
    </EmptyLayout>
  ),
  hydrateFallbackElement: <PageSkeleton />,
  loader: requireSlugs(PAGES.exam),
  children: [
    {
      element: <GuardedOutlet guards={['login', 'agreement']} />,
      children: [{ index: true, lazy: page(examPages, 'ExamPage', 'examLoader') }],
    },
  ],
};

/**
 * The spec's route table (§2), with its guards, slug checks, layouts and scroll-to-top routes. Each
 * page's path pattern and slug checks are its entry in contracts/page-routes.ts (written in full, as
 * react-router allows a child whose path starts with its parent's); an index route is its parent's page.
 */
export const routes: RouteObject[] = [
  // The shell has no fallback of its own: it must be up at once, so a failed first request
  // (e.g. GET /me without a network) gets its popup while the page is still loading.
  { element: <AppShell />, children: [withDefaultLayout, exam] },
];

export const createAppRouter = () => createBrowserRouter(routes);
