import type { ModuleJobs } from '../../jobs/job-catalogue.js';
import { type ModulePushes, pushOn } from '../../realtime/push-catalogue.js';
import { userRoom } from '../../contracts/realtime.js';
import type { CertificateIssued } from './events.js';

export const certificatesJobs: ModuleJobs = {
  // A pass's badge and a badge carried over from Cloud Campus alike: certification announces both with BadgeAwarded.
  reactions: [{ job: 'issue-certificate-when-badge-awarded', on: ['BadgeAwarded'] }],
};

export const certificatesPushes: ModulePushes = {
  CertificateIssued: pushOn<CertificateIssued>(({ data: { userId, certificateId, slug, courseSlug } }) => [
    { room: userRoom(userId), name: 'certificate.issued', args: [{ certificateId, slug, courseSlug }] },
  ]),
};
