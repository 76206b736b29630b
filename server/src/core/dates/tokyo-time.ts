/** Japan has kept +09:00 all year since 1951 (no daylight saving time): the one Tokyo offset of the server. */
const TOKYO_OFFSET_MS = 9 * 3_600_000;

/**
 * An instant shifted to Tokyo's wall clock: read it with the UTC getters (`getUTCFullYear()` is the
 * Tokyo year, `toISOString().slice(0, 10)` the Tokyo day).
 */
export const tokyoWallClock = (instant: Date): Date => new Date(instant.getTime() + TOKYO_OFFSET_MS);

/** The instant Tokyo's wall clock shows `wallClockMs` (built with the UTC fields, e.g. `Date.UTC(2025, 5, 1)` for Tokyo midnight of 1 June). */
export const fromTokyoWallClock = (wallClockMs: number): Date => new Date(wallClockMs - TOKYO_OFFSET_MS);
