import type { ExamResult } from '../contracts/exams';
import { userRoom } from '../contracts/realtime';
import type { StoredEvent } from '../database/event-store';
import { campusPushes } from '../campus-registrations';

const planPushes = campusPushes.plan.bind(campusPushes);

const NOW = Date.parse('2026-11-22T01:00:00.000Z');
let seq = 0;
const anEvent = (type: string, data: unknown, streamId = `stream-${type}`, streamType = 'any'): StoredEvent => ({
  seq: ++seq,
  id: `event-${seq}`,
  streamType,
  streamId,
  version: 1,
  type,
  data,
  meta: { actorId: null, requestId: null, correlationId: 'c', causationId: null },
  occurredAt: new Date(NOW - 1_000).toISOString(),
});

const result: ExamResult = {
  examSessionId: 'session-1',
  courseSlug: 'line-ads-basic',
  finishedAt: '2026-11-22T00:59:00.000Z',
  passed: true,
  percent: 80,
  correct: 16,
  total: 20,
  topics: [{ topic: 'bidding', name: '入札', correct: 4, total: 5 }],
  nextAttemptAt: null,
};

const emitsOf = (event: StoredEvent) => planPushes([event], NOW).emits;
const readsOf = (event: StoredEvent) => Object.fromEntries([...planPushes([event], NOW).reads].map(([name, users]) => [name, [...users]]));

describe('the push catalogue: each event type → room and payload', () => {
  it('ExamExpired → exam.timeUp to the learner, with the session and course', () => {
    expect(emitsOf(anEvent('ExamExpired', { finishedAt: 'x', answeredCount: 2, userId: 'u1', courseSlug: 'line-ads-basic' }, 'session-1'))).toEqual([
      { room: userRoom('u1'), name: 'exam.timeUp', args: [{ examSessionId: 'session-1', courseSlug: 'line-ads-basic' }] },
    ]);
    // Recorded before the event named its learner: nobody to tell.
    expect(emitsOf(anEvent('ExamExpired', { finishedAt: 'x', answeredCount: 2 }))).toEqual([]);
  });

  it('ExamGraded → exam.graded to the learner, carrying the result the page shows', () => {
    const graded = anEvent('ExamGraded', { userId: 'u1', courseId: 'c1', passed: true, percent: 80, correct: 16, total: 20, courseSlug: 'line-ads-basic', result }, 'session-1');
    expect(emitsOf(graded)).toEqual([{ room: userRoom('u1'), name: 'exam.graded', args: [{ examSessionId: 'session-1', courseSlug: 'line-ads-basic', passed: true, result }] }]);
    // An older event without the result: the page fetches it.
    const older = anEvent('ExamGraded', { userId: 'u1', courseId: 'c1', passed: false, percent: 10, correct: 2, total: 20 }, 'session-0');
    expect(emitsOf(older)).toEqual([{ room: userRoom('u1'), name: 'exam.graded', args: [{ examSessionId: 'session-0', courseSlug: '', passed: false, result: null }] }]);
  });

  it('CertificateIssued → certificate.issued to the holder', () => {
    const issued = anEvent('CertificateIssued', { certificateId: 'cert-1', slug: 'AbC123', userId: 'u1', courseId: 'c1', courseSlug: 'line-ads-basic', examSessionId: 's', issuedAt: 'x', expiresAt: 'y' });
    expect(emitsOf(issued)).toEqual([{ room: userRoom('u1'), name: 'certificate.issued', args: [{ certificateId: 'cert-1', slug: 'AbC123', courseSlug: 'line-ads-basic' }] }]);
  });

  it('OpenBadgeCredentialIssued → credential.issued to the holder, naming the certificate whose page shows it', () => {
    const issued = anEvent('OpenBadgeCredentialIssued', { credentialId: 'cred-1', certificateId: 'cert-1', userId: 'u1', courseId: 'c1', validFrom: 'x', validUntil: 'y' });
    expect(emitsOf(issued)).toEqual([{ room: userRoom('u1'), name: 'credential.issued', args: [{ credentialId: 'cred-1', certificateId: 'cert-1' }] }]);
  });

  it.each(['AgreementAccepted', 'ProfileUpdated', 'CloudCampusBadgesMigrated'])('%s → user.updated to the user of the stream, read at push time', (type) => {
    const event = anEvent(type, {}, 'u7', 'user');
    expect(emitsOf(event)).toEqual([]);
    expect(readsOf(event)).toEqual({ 'user.updated': ['u7'] });
  });

  it.each(['NotificationCreated', 'NotificationsRead', 'AnnouncementsRead'])('%s → unread.changed to the learner it names, read at push time', (type) => {
    const event = anEvent(type, { userId: 'u3' }, 'some-stream');
    expect(emitsOf(event)).toEqual([]);
    expect(readsOf(event)).toEqual({ 'unread.changed': ['u3'] });
  });

  it.each(['AnnouncementPublished', 'AnnouncementEdited'])('%s → announcements.changed to everyone when live, nothing when scheduled (its delayed job pushes)', (type) => {
    const live = anEvent(type, { announcementId: 'a', publishAt: new Date(NOW - 1).toISOString() });
    const scheduled = anEvent(type, { announcementId: 'a', publishAt: new Date(NOW + 60_000).toISOString() });
    expect(emitsOf(live)).toEqual([{ room: null, name: 'announcements.changed', args: [] }]);
    expect(emitsOf(scheduled)).toEqual([]);
  });

  it('AnnouncementUnpublished → announcements.changed to everyone', () => {
    expect(emitsOf(anEvent('AnnouncementUnpublished', { announcementId: 'a' }))).toEqual([{ room: null, name: 'announcements.changed', args: [] }]);
  });

  it('pushes nothing for the other events (admins get the hint of every commit, event-pushes.ts)', () => {
    for (const type of ['AnswerSaved', 'ExamStarted', 'ExamSubmitted', 'BadgeAwarded', 'UserRegistered', 'AdminMessageSent', 'BadgeExpiryReminded']) {
      expect(campusPushes.eventTypes).not.toContain(type);
      const plan = planPushes([anEvent(type, { userId: 'u1' })], NOW);
      expect(plan.emits).toEqual([]);
      expect(plan.reads.size).toBe(0);
    }
  });
});

describe('planPushes: one commit', () => {
  it('reads each learner once however many of their events the batch holds, and tells everyone once', () => {
    const plan = planPushes(
      [
        anEvent('NotificationCreated', { userId: 'u1' }),
        anEvent('NotificationCreated', { userId: 'u2' }),
        anEvent('NotificationsRead', { userId: 'u1' }),
        anEvent('AnnouncementUnpublished', {}),
        anEvent('AnnouncementPublished', { publishAt: new Date(NOW - 5).toISOString() }),
        anEvent('ProfileUpdated', {}, 'u1', 'user'),
      ],
      NOW,
    );
    expect([...plan.reads.get('unread.changed')!]).toEqual(['u1', 'u2']);
    expect([...plan.reads.get('user.updated')!]).toEqual(['u1']);
    expect(plan.emits).toEqual([{ room: null, name: 'announcements.changed', args: [] }]);
  });

  it('keeps per-learner pushes in event order', () => {
    const plan = planPushes(
      [
        anEvent('ExamExpired', { userId: 'u1', courseSlug: 'a', finishedAt: 'x', answeredCount: 0 }, 's1'),
        anEvent('ExamExpired', { userId: 'u2', courseSlug: 'a', finishedAt: 'x', answeredCount: 0 }, 's2'),
      ],
      NOW,
    );
    expect(plan.emits.map((push) => push.room)).toEqual([userRoom('u1'), userRoom('u2')]);
  });
});
