import type { ModuleJobs } from '../../jobs/job-catalogue.js';

export const credentialsJobs: ModuleJobs = {
  // Every certificate, whatever made its badge, gets its Open Badges credential.
  reactions: [{ job: 'issue-credential-when-certificate-issued', on: ['CertificateIssued'] }],
};
