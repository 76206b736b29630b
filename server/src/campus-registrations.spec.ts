import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { campusJobs, campusPushes } from './campus-registrations';
import { JobCatalogue, JobCatalogueError } from './jobs/job-catalogue';
import { PushCatalogue, PushCatalogueError } from './realtime/push-catalogue';
import type { StoredEvent } from './database/event-store';
import { examFinalisationDue, FINALISATION_EARLY_RELEASE_MS } from './modules/certification/registrations';

const reactionsTo = (type: string) => campusJobs.reactionsTo(type);
const reactionJob = campusJobs.reactionJob.bind(campusJobs);
const delayOf = campusJobs.delayOf.bind(campusJobs);

/** Every event type a module declares in its events.ts (`readonly type = '…'`). */
function declaredEventTypes(): Set<string> {
  const modules = join(__dirname, 'modules');
  const types = new Set<string>();
  for (const module of readdirSync(modules)) {
    let source: string;
    try {
      source = readFileSync(join(modules, module, 'events.ts'), 'utf8');
    } catch {
      continue;
    }
    for (const match of source.matchAll(/readonly type = '(\w+)'/g)) types.add(match[1]!);
  }
  return types;
}

describe('the campus registrations', () => {
  const declared = declaredEventTypes();

  it('react only to event types some module declares (a typo would leave a reaction that never runs)', () => {
    expect(declared.size).toBeGreaterThan(20);
    const unknown = campusJobs.reactions.flatMap((reaction) => reaction.on.filter((type) => !declared.has(type)).map((type) => `${reaction.job} ← ${type}`));
    expect(unknown).toEqual([]);
  });

  it('push only for event types some module declares', () => {
    expect(campusPushes.eventTypes.filter((type) => !declared.has(type))).toEqual([]);
  });

  it('include the reconciler, which the queue registers itself', () => {
    expect(campusJobs.jobNames).toContain('reconcile-outstanding-work');
    expect(campusJobs.schedules.map((schedule) => schedule.job)).toEqual(
      expect.arrayContaining(['reconcile-outstanding-work', 'remind-learners-when-badge-expiring', 'delete-expired-analytics-reports']),
    );
  });
});

describe('building the catalogues refuses doubles', () => {
  it('a job registered by two modules', () => {
    expect(() => new JobCatalogue({ a: { reactions: [{ job: 'x', on: ['E'] }] }, b: { schedules: [{ job: 'x', every: 1_000 }] } })).toThrow(
      new JobCatalogueError('job "x" is registered by a and by b'),
    );
  });

  it("a module's job named like the queue's own reconciler", () => {
    expect(() => new JobCatalogue({ a: { schedules: [{ job: 'reconcile-outstanding-work', every: 1 }] } })).toThrow(JobCatalogueError);
  });

  it('a reaction to no event', () => {
    expect(() => new JobCatalogue({ a: { reactions: [{ job: 'x', on: [] }] } })).toThrow(/reacts to no event/);
  });

  it('pushes for one event type from two modules', () => {
    expect(() => new PushCatalogue({ a: { E: () => [] }, b: { E: () => [] } })).toThrow(new PushCatalogueError('pushes for E are registered by a and by b'));
  });

  it('one reaction listing an event twice is enqueued once for it', () => {
    expect(new JobCatalogue({ a: { reactions: [{ job: 'x', on: ['E', 'E'] }] } }).reactionsTo('E')).toEqual(['x']);
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
    expect(reactionsTo('OpenBadgeCredentialRevoked')).toEqual(['notify-learner-when-credential-revoked-or-restored', 'mail-learner-when-credential-revoked']);
    expect(reactionsTo('OpenBadgeCredentialRestored')).toEqual(['notify-learner-when-credential-revoked-or-restored']);
  });

  it('makes the badges carried over from Cloud Campus after the migration, and their certificates from the BadgeAwarded that follows', () => {
    expect(reactionsTo('CloudCampusBadgesMigrated')).toEqual(['award-badges-when-cloud-campus-badges-migrated']);
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
