import * as admin from './routes/admin-announcements.js';
import * as adminAccommodations from './routes/admin-accommodations.js';
import * as adminCredentials from './routes/admin-credentials.js';
import * as adminEvents from './routes/admin-events.js';
import * as adminMessages from './routes/admin-messages.js';
import * as agreements from './routes/agreements.js';
import * as analytics from './routes/analytics.js';
import * as analyticsLog from './routes/analytics-log.js';
import * as catalogue from './routes/catalogue.js';
import * as certificates from './routes/certificates.js';
import * as certification from './routes/certification.js';
import * as clock from './routes/clock.js';
import * as courseActivity from './routes/course-activity.js';
import * as credentials from './routes/credentials.js';
import { COURSE_KIND_NAMES, pathTemplatesOf, type AccessLevel, type Route } from './routes/define-route.js';
import * as examAnalytics from './routes/exam-analytics.js';
import * as identity from './routes/identity.js';
import * as legacyBadgeImports from './routes/legacy-badge-imports.js';
import * as lessons from './routes/lessons.js';
import * as mail from './routes/mail.js';
import * as me from './routes/me.js';
import * as notifications from './routes/notifications.js';
import * as operations from './routes/operations.js';
import * as queueHealth from './routes/queue-health.js';
import * as share from './routes/share.js';
import * as studioCourses from './routes/studio-courses.js';
import * as studioQuestions from './routes/studio-questions.js';
import * as walletOffers from './routes/wallet-offers.js';

export type { AccessLevel };

/** Every route of the API, as declared in routes/. */
const ROUTES: readonly Route[] = [
  identity,
  me,
  mail,
  agreements,
  notifications,
  admin,
  adminMessages,
  adminCredentials,
  adminAccommodations,
  adminEvents,
  queueHealth,
  examAnalytics,
  studioCourses,
  studioQuestions,
  analyticsLog,
  legacyBadgeImports,
  analytics,
  clock,
  catalogue,
  courseActivity,
  lessons,
  certification,
  certificates,
  credentials,
  walletOffers,
  share,
  operations,
]
  .flatMap((file) => Object.values(file))
  // A route file may also export helpers built from its routes (downloadUrlOf).
  .filter((value): value is Route => typeof value === 'object');

/** One documented address of a route (a per-kind route has one per kind), in OpenAPI's `{param}` form. */
export interface ApiRoute extends Omit<Route, 'path' | 'kinds' | 'summary'> {
  path: string;
  summary: string;
  route: Route;
}

/** What the OpenAPI document, the rate limits and the tests list: every address of every route. */
export const API_ROUTES: ApiRoute[] = ROUTES.flatMap((route) =>
  pathTemplatesOf(route).map((template, index) => {
    const kind = route.kinds?.[index];
    const summary = typeof route.summary === 'function' ? route.summary(kind ? COURSE_KIND_NAMES[kind] : '') : route.summary;
    const { kinds: _kinds, ...rest } = route;
    return { ...rest, path: template.replace(/:(\w+)/g, '{$1}'), summary, route };
  }),
);
