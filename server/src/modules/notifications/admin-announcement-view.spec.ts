import { announcementStatus } from './admin-announcement-view';

describe('announcementStatus', () => {
  const now = new Date('2026-11-22T01:00:00Z');

  it('is scheduled while the publish time is ahead', () => {
    expect(announcementStatus({ publishAt: new Date('2026-11-22T01:00:01Z'), unpublishedAt: null }, now)).toBe('scheduled');
  });

  it('is published from the publish time on', () => {
    expect(announcementStatus({ publishAt: now, unpublishedAt: null }, now)).toBe('published');
    expect(announcementStatus({ publishAt: new Date('2026-01-01T00:00:00Z'), unpublishedAt: null }, now)).toBe('published');
  });

  it('is unpublished once taken down, whether it had gone live or not', () => {
    expect(announcementStatus({ publishAt: new Date('2026-01-01T00:00:00Z'), unpublishedAt: new Date('2026-02-01T00:00:00Z') }, now)).toBe('unpublished');
    expect(announcementStatus({ publishAt: new Date('2027-01-01T00:00:00Z'), unpublishedAt: new Date('2026-02-01T00:00:00Z') }, now)).toBe('unpublished');
  });
});
