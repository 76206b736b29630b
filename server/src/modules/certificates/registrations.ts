import type { ModuleJobs } from '../../jobs/job-catalogue.js';
import { type ModulePushes, pushOn } from '../../realtime/push-catalogue.js';
import { userRoom } from '../../contracts/realtime.js';
import type { CertificateIssued } from './events.js';

export const certificatesJobs: ModuleJobs = {
  // Badges carried over from Cloud Campus get their certificates too.
  reactions: [{ job: 'issue-certificate-when-badge-awarded', on: ['BadgeAwarded', 'CloudCampusBadgesMigrated'] }],
};

export const certificatesPushes: ModulePushes = {
  CertificateIssued: pushOn<CertificateIssued>(({ data: { userId, certificateId, slug, courseSlug } }) => [
    { room: userRoom(userId), name: 'certificate.issued', args: [{ certificateId, slug, courseSlug }] },
  ]),
};
