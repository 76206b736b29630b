import { ADMIN_EVENT_TYPES } from '@campus/contracts/admin-events';
import { EVENT_TYPE_LABELS, eventSummary, eventTypeLabel } from './event-labels';

const summary = (type: string, data: unknown) => eventSummary({ type, data });

describe('event labels', () => {
  it('names every event type in Japanese, each differently, and an unknown one as it is', () => {
    const labels = ADMIN_EVENT_TYPES.map((type) => eventTypeLabel(type));
    expect(labels.every((label) => /[ぁ-んァ-ヶ一-龠]/.test(label))).toBe(true);
    expect(new Set(labels).size).toBe(ADMIN_EVENT_TYPES.length);
    expect(Object.keys(EVENT_TYPE_LABELS).sort()).toEqual([...ADMIN_EVENT_TYPES].sort());
    expect(eventTypeLabel('ExamGraded')).toBe('試験採点');
    expect(eventTypeLabel('SomethingNew')).toBe('SomethingNew');
  });

  it('says what happened in one line, from the fields the event carries', () => {
    expect(summary('ExamGraded', { passed: true, percent: 85, correct: 17, total: 20, userId: 'u' })).toBe('合格・85%・17/20 問正解');
    expect(summary('ExamGraded', { passed: false, percent: 40, correct: 8, total: 20 })).toBe('不合格・40%・8/20 問正解');
    expect(summary('ExamStarted', { courseSlug: 'line-ads-basic', questionIds: ['a', 'b', 'c'], extraMinutes: 15 })).toBe('line-ads-basic・3 問・延長 15 分');
    expect(summary('ExamStarted', { courseSlug: 'line-ads-basic', questionIds: ['a'], extraMinutes: 0 })).toBe('line-ads-basic・1 問');
    expect(summary('ExamSubmitted', { answeredCount: 30, finishedAt: '2026-11-21T15:30:05.000Z' })).toBe('解答 30 問');
    expect(summary('LessonCompleted', { courseSlug: 'oa-grow-friends', lessonSlug: 'friend-routes' })).toBe('oa-grow-friends / friend-routes');
    expect(summary('CourseFavoriteSet', { slug: 'oa-basics', value: false })).toBe('oa-basics・解除');
    // Dates in Japan time.
    expect(summary('BadgeAwarded', { expiresAt: '2027-11-21T15:30:05.000Z', renewedExpiresAt: '2026-12-01T00:00:00.000Z' })).toBe('有効期限 2027年11月22日・更新');
    expect(summary('AnnouncementPublished', { title: '春のキャンペーン', publishAt: '2026-11-21T15:30:05.000Z' })).toBe('「春のキャンペーン」・公開 2026年11月22日 00:30');
    expect(summary('AdminMessageSent', { title: '試験のご案内', recipientCount: 12 })).toBe('「試験のご案内」・12 人に送信');
    expect(summary('ExamAccommodationGranted', { extraMinutes: null, extraPercent: 50, endsOn: '2027-03-31' })).toBe('+50%・2027年3月31日まで');
    expect(summary('OpenBadgeCredentialRevoked', { reason: '本人確認の不備' })).toBe('理由: 本人確認の不備');
    expect(summary('VerifiedEmailChanged', { verifiedEmail: null })).toBe('なし');
    expect(summary('UserRegistered', { lastName: '管理', firstName: '花子', role: 'admin' })).toBe('管理 花子・管理者');
  });

  it('leaves out what an older event lacks, and says nothing for data it cannot read', () => {
    // ExamExpired before userId and courseSlug existed; ExamGraded before courseSlug and result.
    expect(summary('ExamExpired', { finishedAt: '2026-11-21T15:30:05.000Z' })).toBe('');
    expect(summary('ExamGraded', { passed: true })).toBe('合格');
    expect(summary('BadgeAwarded', { expiresAt: 'not a date' })).toBe('');
    expect(summary('AnnouncementUnpublished', { announcementId: 'a' })).toBe('');
    expect(summary('SomethingNew', { a: 1 })).toBe('');
    expect(summary('ExamGraded', null)).toBe('');
    expect(summary('LegacyBadgesImported', [1, 2])).toBe('');
    expect(summary('ExamGraded', 'passed')).toBe('');
  });
});
