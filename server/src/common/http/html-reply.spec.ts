import { preferredEncoding } from './html-reply';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['BR', 'br'],
  ])('answers %s with %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it.each([undefined, '', 'identity', 'deflate', 'gzip;q=0, br;q=0', 'br;q=nonsense', '*;q=0'])('leaves %s uncompressed', (header) => {
    expect(preferredEncoding(header)).toBeNull();
  });
});
