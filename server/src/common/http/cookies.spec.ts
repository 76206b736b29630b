import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds one cookie among others and decodes it', () => {
    expect(readCookie('a=1; campus_session=abc%3D; b=2', 'campus_session')).toBe('abc=');
  });

  it('does not match a cookie whose name only ends the same', () => {
    expect(readCookie('xcampus_session=evil', 'campus_session')).toBeUndefined();
    expect(readCookie(undefined, 'campus_session')).toBeUndefined();
    expect(readCookie('campus_session=%E0%A4%A', 'campus_session')).toBeUndefined();
  });

  it('keeps the first of two cookies of the same name', () => {
    expect(readCookie('campus_session=first; campus_session=second', 'campus_session')).toBe('first');
    expect(readCookie(' campus_session = spaced ;other=1', 'campus_session')).toBe('spaced');
  });
});
