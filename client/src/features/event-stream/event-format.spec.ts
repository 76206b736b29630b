import { compactJson, formatTokyoTimestamp, prettyJson, shortId } from './event-format';

describe('event formatting', () => {
  it('shows the instant in Japan with seconds, and its date', () => {
    // 15:30:05 UTC is 00:30:05 the next day in Tokyo.
    expect(formatTokyoTimestamp('2026-11-21T15:30:05.120Z')).toEqual({ time: '00:30:05', date: '2026-11-22' });
    expect(formatTokyoTimestamp('not a date')).toEqual({ time: 'not a date', date: '' });
  });

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
