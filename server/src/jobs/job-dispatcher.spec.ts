import { DiscoveryService } from '@nestjs/core';
import { parseConfig } from '../config/config';
import type { RedisConnections } from '../redis/redis.module';
import type { StoredEvent } from '../database/event-store';
import { delayOf, examFinalisationDue, FINALISATION_EARLY_RELEASE_MS, JOB_NAMES, reactionJob, reactionsTo } from './job-catalogue';
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
  return new JobDispatcher(discovery, {} as RedisConnections, parseConfig({}));
};

describe('JobDispatcher.collectHandlers', () => {
  it('maps every catalogued job to its one handler', () => {
    const handlers = dispatcherWith(GradeHandler, FinaliseHandler, IssueCertificateHandler, IssueCredentialHandler, NotifyRevocationHandler, NotifyLearnerHandler, AnnounceHandler, NotifyRecipientsHandler, RemindHandler, ImportLegacyBadgesHandler, DeleteAnalyticsReportsHandler, ReconcileHandler, PlainProvider).collectHandlers();
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

describe('reactionsTo', () => {
  it('makes no job of an event that only pushes (pushes leave the relay directly, not through the queue)', () => {
    expect(reactionsTo('AgreementAccepted')).toEqual([]);
    expect(reactionsTo('AnswerSaved')).toEqual([]);
    expect(reactionsTo('NotificationCreated')).toEqual([]);
    expect(reactionsTo('ExamSubmitted')).toEqual(['grade-exam-when-exam-submitted']);
  });

  it('issues the certificate when a badge is awarded, and notifies the learner of grades and certificates', () => {
    expect(reactionsTo('BadgeAwarded')).toContain('issue-certificate-when-badge-awarded');
    expect(reactionsTo('ExamGraded')).toContain('notify-learner-when-graded-or-certified');
    expect(reactionsTo('CertificateIssued')).toContain('notify-learner-when-graded-or-certified');
  });

  it('signs the Open Badges credential of every certificate issued', () => {
    expect(reactionsTo('CertificateIssued')).toContain('issue-credential-when-certificate-issued');
  });

  it('tells the learner when an admin revokes or restores a credential', () => {
    expect(reactionsTo('OpenBadgeCredentialRevoked')).toEqual(['notify-learner-when-credential-revoked-or-restored']);
    expect(reactionsTo('OpenBadgeCredentialRestored')).toEqual(['notify-learner-when-credential-revoked-or-restored']);
  });

  it('issues certificates for badges carried over from Cloud Campus', () => {
    expect(reactionsTo('CloudCampusBadgesMigrated')).toContain('issue-certificate-when-badge-awarded');
  });
});

describe('reactionJob', () => {
  const started = { id: 'e-1', type: 'ExamStarted', data: { deadline: '2026-11-22T01:30:00Z' } } as StoredEvent;

  it('names the job by its natural key, reaction and event, so the relay and the reconciler make the same job', () => {
    expect(reactionJob('grade-exam-when-exam-submitted', { ...started, type: 'ExamSubmitted', data: {} }, 0)).toEqual({
      name: 'grade-exam-when-exam-submitted',
      data: { ...started, type: 'ExamSubmitted', data: {} },
      jobId: 'grade-exam-when-exam-submitted@e-1',
    });
  });

  it('holds the job back by the catalogue delay, and not at all once it is due', () => {
    const now = Date.parse('2026-11-22T01:00:00Z');
    expect(reactionJob('finalise-exam-when-deadline-passed', started, now).options).toEqual({ delay: 30 * 60_000 + 6_000 - FINALISATION_EARLY_RELEASE_MS });
    expect(reactionJob('finalise-exam-when-deadline-passed', started, now + 3_600_000).options).toBeUndefined();
    // The reconciler's jobs are owed now, by the store's rule.
    expect(reactionJob('finalise-exam-when-deadline-passed', started, now, { due: true }).options).toBeUndefined();
  });
});

describe('delayOf', () => {
  const now = Date.parse('2026-11-22T01:00:00Z');

  it('holds the exam finalisation until just before the deadline and its grace have passed (its handler waits the rest)', () => {
    expect(examFinalisationDue({ deadline: '2026-11-22T01:30:00Z' })).toBe(now + 30 * 60_000 + 6_000);
    expect(delayOf('finalise-exam-when-deadline-passed', { deadline: '2026-11-22T01:30:00Z' }, now)).toBe(30 * 60_000 + 6_000 - FINALISATION_EARLY_RELEASE_MS);
    expect(delayOf('finalise-exam-when-deadline-passed', { deadline: '2026-11-22T00:00:00Z' }, now)).toBe(0);
    expect(delayOf('finalise-exam-when-deadline-passed', { nothing: true }, now)).toBe(0);
  });

  it('delivers admin messages, and announces a rescheduled announcement again at its new time', () => {
    expect(reactionsTo('AdminMessageSent')).toContain('notify-recipients-when-admin-message-sent');
    expect(reactionsTo('AnnouncementEdited')).toContain('announce-when-announcement-published');
    expect(delayOf('announce-when-announcement-published', { publishAt: '2026-11-22T03:00:00Z', rescheduledFrom: '2026-11-22T02:00:00Z' }, Date.parse('2026-11-22T01:00:00Z'))).toBe(2 * 3_600_000);
  });

  it('holds a scheduled announcement until its publish time', () => {
    expect(delayOf('announce-when-announcement-published', { publishAt: '2026-11-22T02:00:00Z' }, now)).toBe(60 * 60_000);
    expect(delayOf('announce-when-announcement-published', { publishAt: '2026-11-22T00:59:00Z' }, now)).toBe(0);
  });

  it('runs other reactions at once', () => {
    expect(delayOf('grade-exam-when-exam-submitted', { deadline: '2026-11-22T01:30:00Z' }, now)).toBe(0);
  });
});
