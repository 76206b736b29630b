const MIN_ROWS = 250;
const MIN_INTERVAL_MS = 500;

/**
 * Decides when a running import reports its progress: at most every 250 rows and 500 ms (so a fast
 * import does not flood the admins' sockets and the table), and always at the end.
 */
export function importProgressPace(startedAt: number) {
  let lastRows = 0;
  let lastAt = startedAt;
  return {
    isDue(done: number, total: number, now: number): boolean {
      const due = done >= total || (done - lastRows >= MIN_ROWS && now - lastAt >= MIN_INTERVAL_MS);
      if (due) {
        lastRows = done;
        lastAt = now;
      }
      return due;
    },
  };
}
