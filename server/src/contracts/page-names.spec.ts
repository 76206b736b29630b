import { examPageName, loginPageName } from './page-names';

describe('loginPageName (issue 32 §11: a login prompt names its page)', () => {
  it.each([
    ['/mypage/profile', 'プロフィール'],
    ['/mypage/profile/edit/', 'プロフィールの編集'],
    ['/mypage/history', '受講履歴'],
    ['/mypage/wishlist', '受講したいリスト'],
    ['/mypage/certificates', '認定証'],
    ['/mypage/certificates/Q7XK2M9P4A', '認定証の詳細'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy', 'LINE広告 Basic 受験規約'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-advanced/exam', 'LINE広告 Advanced 認定試験'],
    ['/lineyahoo-marketing-skill-badge/courses/yahoo-ads-searchads-basic/exam-result/', 'Yahoo!広告 検索広告 Basic 試験結果'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/targeting', 'LINE広告 Basic のレッスン'],
    ['/admin', '運営コンソール'],
    ['/admin/events', '運営コンソール'],
  ])('%s → 「%s」', (path, name) => {
    expect(loginPageName(path)).toBe(name);
  });

  it.each([
    '/',
    '/mypage',
    '/mypage/certificates/a/b',
    '/lineyahoo-marketing-skill-badge',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic',
    '/lineyahoo-marketing-skill-badge/courses/Line_Ads/exam',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam/extra',
    '/line-ads/courses/line-ads-basics/lessons/targeting',
    '/notifications/personal',
  ])('%s is not a page that asks to log in', (path) => {
    expect(loginPageName(path)).toBeUndefined();
  });

  it('names the exam pages as their headings do', () => {
    expect(examPageName('line-official-account-basic', 'exam')).toBe('LINE公式アカウント Basic 認定試験');
    // A studio course is named by its title once the page has it, by the page's kind before.
    expect(examPageName('studio-made-exam', 'exam-result', 'スタジオ認定')).toBe('スタジオ認定 試験結果');
    expect(loginPageName('/lineyahoo-marketing-skill-badge/courses/studio-made-exam/exam')).toBe('認定試験');
    expect(loginPageName('/lineyahoo-marketing-skill-badge/courses/studio-made-exam/lessons/intro')).toBe('認定コースのレッスン');
  });
});
