import { PROFILE_EDIT_PATH, PROFILE_PATH, profileEditPath, returnPathOf } from './profile-paths';

describe('profileEditPath', () => {
  it('is the bare form without a page to return to', () => {
    expect(profileEditPath()).toBe(PROFILE_EDIT_PATH);
  });

  it('carries the page to return to, encoded', () => {
    const path = profileEditPath('/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy');
    expect(path).toBe('/mypage/profile/edit?returnTo=%2Flineyahoo-marketing-skill-badge%2Fcourses%2Fline-ads-basic%2Fexam-policy');
    expect(returnPathOf(path.slice(path.indexOf('?')))).toBe('/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy');
  });
});

describe('returnPathOf', () => {
  it('keeps a path of the site with its query and hash', () => {
    expect(returnPathOf('?returnTo=%2Fline-ads%3Fpage%3D2%23top')).toBe('/line-ads?page=2#top');
  });

  it.each([
    ['nothing', ''],
    ['an empty value', '?returnTo='],
    ['another site', '?returnTo=https%3A%2F%2Fevil.example%2F'],
    ['a protocol-relative address', '?returnTo=%2F%2Fevil.example'],
    ['a backslash trick', '?returnTo=%2F%5Cevil.example'],
    ['a relative path', '?returnTo=mypage'],
    ['a javascript: address', '?returnTo=javascript%3Aalert(1)'],
    ['a tab inside the slashes', '?returnTo=%2F%09%2Fevil.example'],
  ])('falls back to the profile for %s', (_case, search) => {
    expect(returnPathOf(search)).toBe(PROFILE_PATH);
  });
});
