/**
 * Compiles every lazy route module once, before a spec's first test: on a loaded CI machine the first
 * compile can outlast Testing Library's one-second wait, and the first test would fail for no reason.
 */
export async function preloadRouteModules(): Promise<void> {
  await Promise.all([
    import('../app/routes/home-page'),
    import('../app/routes/mypage-pages'),
    import('../app/routes/notification-pages'),
    import('../app/routes/service-pages'),
    import('../app/routes/lesson-pages'),
    import('../app/routes/badge-pages'),
    import('../app/routes/exam-pages'),
    import('../app/routes/line-green-badge-page'),
    import('../app/routes/agreement-pages'),
    import('../app/routes/certificate-verification-page'),
    import('../app/routes/credential-verifier-page'),
    import('../app/routes/admin-pages'),
    import('../app/routes/admin-monitoring-pages'),
    import('../features/admin-console/components/admin-layout'),
  ]);
}
