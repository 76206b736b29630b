import type { ModuleJobs } from '../../jobs/job-catalogue.js';
import { announcementPublishTime } from '../notifications/events.js';

/** Each mail is a job derived from the event it tells of (`<job>@<event id>`), sent by the worker. */
export const mailJobs: ModuleJobs = {
  reactions: [
    { job: 'mail-learner-when-certificate-issued', on: ['CertificateIssued'] },
    // A profile address the provider does not vouch for gets its confirmation link, and nothing else until confirmed.
    { job: 'confirm-mail-address-when-profile-updated', on: ['ProfileUpdated'] },
    { job: 'mail-learner-when-badge-expiring', on: ['BadgeExpiryReminded'] },
    { job: 'mail-learner-when-credential-revoked', on: ['OpenBadgeCredentialRevoked'] },
    // Mailed when it goes live, to the learners who asked for announcements (an admin ticks 「メールでも送る」).
    { job: 'mail-learners-when-announcement-published', on: ['AnnouncementPublished'], runAt: announcementPublishTime },
  ],
};
