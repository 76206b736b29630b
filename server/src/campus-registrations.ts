import { JobCatalogue } from './jobs/job-catalogue.js';
import { PushCatalogue } from './realtime/push-catalogue.js';
import { agreementsPushes } from './modules/agreements/registrations.js';
import { analyticsLogJobs } from './modules/analytics-log/registrations.js';
import { certificatesJobs, certificatesPushes } from './modules/certificates/registrations.js';
import { certificationJobs, certificationPushes } from './modules/certification/registrations.js';
import { cloudCampusMigrationJobs, cloudCampusMigrationPushes } from './modules/cloud-campus-migration/registrations.js';
import { credentialsJobs, credentialsPushes } from './modules/credentials/registrations.js';
import { mailJobs } from './modules/mail/registrations.js';
import { mePushes } from './modules/me/registrations.js';
import { notificationsJobs, notificationsPushes } from './modules/notifications/registrations.js';

/**
 * The queue's jobs and the sockets' pushes, each module's as it registers them beside its events: the
 * infrastructure gets the built catalogues and never imports a module.
 */
export const campusJobs = new JobCatalogue({
  certification: certificationJobs,
  certificates: certificatesJobs,
  credentials: credentialsJobs,
  notifications: notificationsJobs,
  mail: mailJobs,
  'cloud-campus-migration': cloudCampusMigrationJobs,
  'analytics-log': analyticsLogJobs,
});

export const campusPushes = new PushCatalogue({
  certification: certificationPushes,
  certificates: certificatesPushes,
  credentials: credentialsPushes,
  notifications: notificationsPushes,
  agreements: agreementsPushes,
  me: mePushes,
  'cloud-campus-migration': cloudCampusMigrationPushes,
});
