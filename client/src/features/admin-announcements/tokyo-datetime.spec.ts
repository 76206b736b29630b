import { tokyoIsoNow, tokyoIsoOf, tokyoLocalInputOf } from './tokyo-datetime';

describe('Japan-time dates of the editor', () => {
  it('reads the input as Japan time', () => {
    expect(tokyoIsoOf('2026-05-01T10:00')).toBe('2026-05-01T10:00:00+09:00');
    expect(tokyoIsoOf('2026-05-01T10:00:30')).toBe('2026-05-01T10:00:30+09:00');
    expect(Date.parse(tokyoIsoOf('2026-05-01T08:30')!)).toBe(Date.parse('2026-04-30T23:30:00Z'));
  });

  it('refuses an empty or malformed value', () => {
    expect(tokyoIsoOf('')).toBeNull();
    expect(tokyoIsoOf('2026-05-01')).toBeNull();
    expect(tokyoIsoOf('2026-13-45T99:99')).toBeNull();
  });

  it('shows a stored instant in the input as Japan time', () => {
    expect(tokyoLocalInputOf('2026-04-30T23:30:00.000Z')).toBe('2026-05-01T08:30');
    expect(tokyoLocalInputOf('2026-05-01T10:00:00+09:00')).toBe('2026-05-01T10:00');
    expect(tokyoLocalInputOf('nonsense')).toBe('');
  });

  it('gives now with the Japan offset', () => {
    const now = Date.parse('2026-04-30T23:30:15Z');
    expect(tokyoIsoNow(now)).toBe('2026-05-01T08:30:15+09:00');
    expect(Date.parse(tokyoIsoNow(now))).toBe(now);
  });
});
