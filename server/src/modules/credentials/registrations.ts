import type { ModuleJobs } from '../../jobs/job-catalogue.js';
import { type ModulePushes, pushOn } from '../../realtime/push-catalogue.js';
import { userRoom } from '../../contracts/realtime.js';
import type { OpenBadgeCredentialIssued } from './events.js';

export const credentialsJobs: ModuleJobs = {
  // Every certificate, whatever made its badge, gets its Open Badges credential.
  reactions: [{ job: 'issue-credential-when-certificate-issued', on: ['CertificateIssued'] }],
};

export const credentialsPushes: ModulePushes = {
  // The holder's open certificate page shows the credential signed a few seconds after the certificate.
  OpenBadgeCredentialIssued: pushOn<OpenBadgeCredentialIssued>(({ data: { userId, credentialId, certificateId } }) => [
    { room: userRoom(userId), name: 'credential.issued', args: [{ credentialId, certificateId }] },
  ]),
};
