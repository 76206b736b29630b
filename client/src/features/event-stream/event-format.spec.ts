import { prettyJson, shortId } from './event-format';

describe('event formatting', () => {
  it('shortens a UUID to its first block and leaves other ids alone', () => {
    expect(shortId('0196a3c4-0000-7000-8000-00000000000a')).toBe('0196a3c4');
    expect(shortId('grade-exam')).toBe('grade-exam');
  });

  it('writes data indented, and nothing as null', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(undefined)).toBe('null');
  });
});
