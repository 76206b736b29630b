import { compactJson, prettyJson, shortId } from './event-format';

describe('event formatting', () => {
  it('shortens a UUID to its first block and leaves other ids alone', () => {
    expect(shortId('0196a3c4-0000-7000-8000-00000000000a')).toBe('0196a3c4');
    expect(shortId('grade-exam')).toBe('grade-exam');
  });

  it('writes data as one line, cut with … past 80 characters, or indented when expanded', () => {
    expect(compactJson({ score: 80, passed: true })).toBe('{"score":80,"passed":true}');
    const long = compactJson({ text: 'あ'.repeat(100) });
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
    expect(compactJson(undefined)).toBe('null');
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
