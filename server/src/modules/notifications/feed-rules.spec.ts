import { publishAnnouncementRequestSchema, updateAnnouncementRequestSchema } from '../../contracts/announcements';
import { isFeedId } from './feed-ids';
import { isScheduled } from './reactions/announce-when-announcement-published.handler';

describe('feed ids', () => {
  it('accepts uuids only, so nothing else reaches the database', () => {
    expect(isFeedId('5b0c3a52-3f0e-4b7e-9d55-000000000001')).toBe(true);
    for (const bad of ['', 'not-a-uuid', '5b0c3a52-3f0e-4b7e-9d55-00000000000', "1'or'1'='1", '5b0c3a52-3f0e-4b7e-9d55-000000000001x']) expect(isFeedId(bad)).toBe(false);
  });
});

describe('publish announcement request', () => {
  const valid = { title: 'お知らせ', body: '本文' };
  const fieldOf = (input: object) => {
    const parsed = publishAnnouncementRequestSchema.safeParse({ ...valid, ...input });
    return parsed.success ? null : parsed.error.issues[0]!.path.join('.');
  };

  it('takes a title, a body and optionally a same-site link and a publish time', () => {
    expect(fieldOf({})).toBeNull();
    expect(fieldOf({ link: '/notifications/general?x=1#a', publishAt: new Date(Date.now() + 86_400_000).toISOString() })).toBeNull();
    expect(fieldOf({ link: null })).toBeNull();
    expect(fieldOf({ publishAt: new Date(Date.now() - 30_000).toISOString() })).toBeNull();
  });

  it.each([
    [{ title: '' }, 'title'],
    [{ title: 'あ'.repeat(101) }, 'title'],
    [{ body: 'あ'.repeat(5001) }, 'body'],
    [{ link: 'https://evil.example/' }, 'link'],
    [{ link: '//evil.example/' }, 'link'],
    [{ link: '/\\evil.example' }, 'link'],
    [{ link: 'javascript:alert(1)' }, 'link'],
    [{ publishAt: '2026-13-01' }, 'publishAt'],
    [{ publishAt: new Date(Date.now() - 5 * 60_000).toISOString() }, 'publishAt'],
  ])('refuses %j naming %s', (input, field) => {
    expect(fieldOf(input)).toBe(field);
  });
});

describe('update announcement request', () => {
  const fieldOf = (input: object) => {
    const parsed = updateAnnouncementRequestSchema.safeParse({ title: 'お知らせ', body: '本文', ...input });
    return parsed.success ? null : parsed.error.issues[0]!.path.join('.');
  };

  it('accepts a past publishAt (a live announcement’s own date sent back; the handler refuses it only if it moves)', () => {
    expect(fieldOf({ publishAt: '2026-01-01T00:00:00+09:00' })).toBeNull();
    expect(fieldOf({})).toBeNull();
  });

  it.each([
    [{ publishAt: 'yesterday' }, 'publishAt'],
    [{ title: ' ' }, 'title'],
    [{ link: 'https://evil.example/' }, 'link'],
  ])('refuses %j naming %s', (input, field) => {
    expect(fieldOf(input)).toBe(field);
  });
});

describe('isScheduled', () => {
  it('is true only for a publish time after the moment the announcement was saved', () => {
    expect(isScheduled('2026-11-22T02:00:00Z', '2026-11-22T01:00:00Z')).toBe(true);
    expect(isScheduled('2026-11-22T01:00:00Z', '2026-11-22T01:00:00.500Z')).toBe(false);
  });
});
