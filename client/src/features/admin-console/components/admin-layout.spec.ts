import { currentConsoleLink } from './admin-layout';

describe('the admin console navigation marks one page current', () => {
  it.each([
    ['/admin/studio', '/admin/studio'],
    ['/admin/studio/courses/0b6f3c1e', '/admin/studio'],
    ['/admin/studio/questions', '/admin/studio/questions'],
    ['/admin/studio/questions/line-ads-basic/blueprint', '/admin/studio/questions'],
    ['/admin/announcements/new', '/admin/announcements'],
    ['/admin/analytics-log', '/admin/analytics-log'],
    ['/admin/analytics', '/admin/analytics'],
  ])('%s → %s', (pathname, current) => {
    expect(currentConsoleLink(pathname)).toBe(current);
  });

  it('marks none on a path outside its links', () => {
    expect(currentConsoleLink('/admin')).toBeUndefined();
    expect(currentConsoleLink('/admin/studios')).toBeUndefined();
  });
});
