import type { PageContent } from '../../contracts/page-routes';
import type { PageFacts } from '../../contracts/page-facts';
import { pageAnswerOf } from './page-status';

/**
 * The data of these tests: one learning course with one lesson, per program; one live announcement;
 * the asking learner's one certificate and one notification.
 */
const isThere = (content: PageContent) => {
  switch (content.kind) {
    case 'announcement':
      return content.announcementId === 'spring-update';
    case 'certificate':
      return content.certificateKey === 'abc123';
    case 'notification':
      return content.notificationId === 'welcome';
  }
  const { courseKinds, program, courseSlug, lessonSlug } = content;
  return (
    (courseKinds.includes('learning') && program === 'AD' && courseSlug === 'line-ads-basics' && (lessonSlug === undefined || lessonSlug === 'account-structure')) ||
    (courseKinds.includes('video') && program === 'Y_ADS' && courseSlug === 'search-ads-quick-start' && lessonSlug === undefined) ||
    (courseKinds.includes('certification') && program === null && ['line-ads-basic', 'yahoo-ads-displayads-advanced', 'studio-made-exam'].includes(courseSlug) && (lessonSlug === undefined || lessonSlug === 'basics-review'))
  );
};

/** The lookup: a learning course (the only course kind these tests' courses need to tell) says its kind. */
const contentThere = async (content: PageContent): Promise<PageFacts | null> => {
  if (!isThere(content)) return null;
  return content.kind === 'course' ? { courseKind: content.courseKinds[0]! } : {};
};
const statusOf = async (path: string, lookup?: Parameters<typeof pageAnswerOf>[1]) => (await pageAnswerOf(path, lookup)).status;

describe('pageAnswerOf (spec §2 route table)', () => {
  it.each([
    '/',
    '/mypage',
    '/mypage/profile',
    '/mypage/profile/edit',
    '/mypage/history/',
    '/mypage/wishlist',
    '/mypage/certificates',
    '/mypage/certificates/abc123',
    '/notifications',
    '/notifications/general',
    '/notifications/personal',
    '/notifications/general/spring-update',
    '/notifications/personal/welcome',
    '/line-official-account',
    '/line-ads',
    '/yahoo-ads',
    '/line-ads/courses/line-ads-basics',
    '/line-ads/courses/line-ads-basics/lessons/account-structure',
    '/learn-with-video/line-official-account',
    '/learn-with-video/yahoo-ads',
    '/learn-with-video/yahoo-ads/courses/search-ads-quick-start',
    '/lineyahoo-marketing-skill-badge',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic',
    '/lineyahoo-marketing-skill-badge/courses/yahoo-ads-displayads-advanced',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-result',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/basics-review',
    // A certification course the studio added: the catalogue has it, so its pages are pages.
    '/lineyahoo-marketing-skill-badge/courses/studio-made-exam',
    '/lineyahoo-marketing-skill-badge/courses/studio-made-exam/exam-policy',
    '/line-green-badge',
    '/certificates/verify/abc123',
    '/terms',
    '/privacy',
    '/admin',
    '/admin/events',
    '/admin/announcements/new',
    '/admin/announcements/8f9c',
    '/admin/analytics-log',
  ])('%s is a page: 200', async (path) => {
    await expect(statusOf(path, contentThere)).resolves.toBe(200);
  });

  it.each([
    ['an unknown path', '/no-such-page'],
    ['an unknown path under a page', '/terms/old'],
    ['an unknown service', '/line-pay'],
    ['an unknown service course', '/line-pay/courses/line-ads-basics'],
    ['a video service without videos', '/learn-with-video/line-ads'],
    ['an unknown certification course', '/lineyahoo-marketing-skill-badge/courses/line-ads-expert'],
    ['an unknown certification course\'s exam', '/lineyahoo-marketing-skill-badge/courses/line-ads-expert/exam'],
    ['a certification address that is no slug', '/lineyahoo-marketing-skill-badge/courses/Line_Ads'],
    ['an unknown exam page', '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-review'],
    ['an unknown feed category', '/notifications/secret'],
    ['an unknown course', '/line-ads/courses/no-such-course'],
    ['a course of another service', '/yahoo-ads/courses/line-ads-basics'],
    ['an unknown lesson', '/line-ads/courses/line-ads-basics/lessons/no-such-lesson'],
    ['an unknown video course', '/learn-with-video/yahoo-ads/courses/no-such-course'],
    ['an unknown certification lesson', '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/no-such-lesson'],
    ['a course path without its course', '/line-ads/courses'],
    ['a lesson path without its lesson', '/line-ads/courses/line-ads-basics/lessons'],
    ['an unknown mypage', '/mypage/settings'],
    ['a certificate not the learner’s (or no such)', '/mypage/certificates/no-such-certificate'],
    ['a certificate path below a certificate', '/mypage/certificates/abc123/pdf'],
    ['an announcement not live (or no such)', '/notifications/general/00000000-0000-4000-8000-000000000000'],
    ['a notification not the learner’s (or no such)', '/notifications/personal/someone-elses'],
    ['an unknown admin page', '/admin/users'],
    ['a malformed escape', '/line-ads/courses/%E0%A4%A'],
  ])('%s is 404 (%s)', async (_, path) => {
    await expect(statusOf(path, contentThere)).resolves.toBe(404);
  });

  it('decides by the route table alone when no catalogue is given, and trusts the page when the catalogue fails', async () => {
    await expect(statusOf('/line-ads/courses/anything')).resolves.toBe(200);
    await expect(statusOf('/line-pay')).resolves.toBe(404);
    await expect(statusOf('/line-ads/courses/anything', () => Promise.reject(new Error('database down')))).resolves.toBe(200);
  });

  it("carries what the lookup learnt of a page's content, and nothing for a page that is not there or could not be looked up", async () => {
    await expect(pageAnswerOf('/line-ads/courses/line-ads-basics/lessons/account-structure', contentThere)).resolves.toEqual({ status: 200, facts: { courseKind: 'learning' } });
    await expect(pageAnswerOf('/line-ads/courses/no-such-course', contentThere)).resolves.toEqual({ status: 404, facts: {} });
    await expect(pageAnswerOf('/line-ads/courses/anything', () => Promise.reject(new Error('database down')))).resolves.toEqual({ status: 200, facts: {} });
  });
});
