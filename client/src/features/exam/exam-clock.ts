/** The countdown as the learner reads it: mm:ss (minutes may pass 59 on long exams), never negative. */
export function formatRemaining(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The same for screen readers: 残り12分5秒. */
export function describeRemaining(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return minutes > 0 ? `残り${minutes}分${seconds}秒` : `残り${seconds}秒`;
}

/** The moments a screen reader is told the time: a few, so the countdown never talks over a question. */
export const ANNOUNCED_MINUTES = [10, 5, 1] as const;

/**
 * What the timer's live region holds: the last of those moments passed ('' before the first). It
 * changes only as a moment is passed, so it is announced then and only then.
 */
export function timeAnnouncement(remainingMs: number): string {
  const passed = ANNOUNCED_MINUTES.filter((minutes) => remainingMs <= minutes * 60_000).at(-1);
  return passed === undefined ? '' : `残り${passed}分です。`;
}
