import { DiscoveryService } from '@nestjs/core';
import { parseConfig } from '../config/config';
import type { RedisConnections } from '../redis/redis.module';
import { campusJobs } from '../campus-registrations';

const JOB_NAMES = campusJobs.jobNames;

import { JobDispatcher, MissingJobHandlerError } from './job-dispatcher';
import { JobHandler } from './job-handler.decorator';

@JobHandler('grade-exam-when-exam-submitted')
class GradeHandler {
  handle = jest.fn();
}
@JobHandler('grade-exam-when-exam-submitted')
class SecondGradeHandler {
  handle = jest.fn();
}
@JobHandler('finalise-exam-when-deadline-passed')
class FinaliseHandler {
  handle = jest.fn();
}
@JobHandler('issue-certificate-when-badge-awarded')
class IssueCertificateHandler {
  handle = jest.fn();
}
@JobHandler('issue-credential-when-certificate-issued')
class IssueCredentialHandler {
  handle = jest.fn();
}
@JobHandler('notify-learner-when-credential-revoked-or-restored')
class NotifyRevocationHandler {
  handle = jest.fn();
}
@JobHandler('notify-learner-when-graded-or-certified')
class NotifyLearnerHandler {
  handle = jest.fn();
}
@JobHandler('announce-when-announcement-published')
class AnnounceHandler {
  handle = jest.fn();
}
@JobHandler('notify-recipients-when-admin-message-sent')
class NotifyRecipientsHandler {
  handle = jest.fn();
}
@JobHandler('remind-learners-when-badge-expiring')
class RemindHandler {
  handle = jest.fn();
}
@JobHandler('import-legacy-badges-when-import-requested')
class ImportLegacyBadgesHandler {
  handle = jest.fn();
}
@JobHandler('award-badges-when-cloud-campus-badges-migrated')
class AwardMigratedBadgesHandler {
  handle = jest.fn();
}
@JobHandler('mail-learner-when-certificate-issued')
class MailCertificateHandler {
  handle = jest.fn();
}

@JobHandler('mail-learner-when-badge-expiring')
class MailExpiryHandler {
  handle = jest.fn();
}

@JobHandler('mail-learner-when-credential-revoked')
class MailRevocationHandler {
  handle = jest.fn();
}

@JobHandler('confirm-mail-address-when-profile-updated')
class ConfirmAddressHandler {
  handle = jest.fn();
}

@JobHandler('mail-learners-when-announcement-published')
class MailAnnouncementHandler {
  handle = jest.fn();
}

@JobHandler('delete-expired-analytics-reports')
class DeleteAnalyticsReportsHandler {
  handle = jest.fn();
}
@JobHandler('reconcile-outstanding-work')
class ReconcileHandler {
  handle = jest.fn();
}
class PlainProvider {}

const dispatcherWith = (...classes: Array<new () => object>) => {
  const discovery = {
    getProviders: () => classes.map((metatype) => ({ metatype, instance: new metatype() })),
  } as unknown as DiscoveryService;
  return new JobDispatcher(discovery, {} as RedisConnections, parseConfig({}), campusJobs);
};

describe('JobDispatcher.collectHandlers', () => {
  it('maps every catalogued job to its one handler', () => {
    const handlers = dispatcherWith(GradeHandler, FinaliseHandler, IssueCertificateHandler, IssueCredentialHandler, NotifyRevocationHandler, NotifyLearnerHandler, AnnounceHandler, NotifyRecipientsHandler, RemindHandler, ImportLegacyBadgesHandler, AwardMigratedBadgesHandler, DeleteAnalyticsReportsHandler, MailCertificateHandler, MailExpiryHandler, MailRevocationHandler, MailAnnouncementHandler, ConfirmAddressHandler, ReconcileHandler, PlainProvider).collectHandlers();
    expect([...handlers.keys()].sort()).toEqual([...JOB_NAMES].sort());
  });

  it('counts the scheduled jobs as catalogued: they need their one handler too', () => {
    expect(JOB_NAMES).toContain('remind-learners-when-badge-expiring');
    expect(() => dispatcherWith(GradeHandler, FinaliseHandler, IssueCertificateHandler, NotifyLearnerHandler, AnnounceHandler, NotifyRecipientsHandler).collectHandlers()).toThrow(
      /remind-learners-when-badge-expiring/,
    );
  });

  it('refuses to start when a catalogued job has no handler', () => {
    expect(() => dispatcherWith(GradeHandler).collectHandlers()).toThrow(MissingJobHandlerError);
    expect(() => dispatcherWith(GradeHandler).collectHandlers()).toThrow(/finalise-exam-when-deadline-passed/);
  });

  it('refuses two handlers for one job', () => {
    expect(() => dispatcherWith(GradeHandler, FinaliseHandler, IssueCertificateHandler, NotifyLearnerHandler, SecondGradeHandler).collectHandlers()).toThrow(/two handlers/);
  });
});
