import { addDays } from '@campus/contracts/tokyo-date';

/** The server's default too: the last 30 days, today included (days in Japan time). */
export const DEFAULT_RANGE_DAYS = 30;

export const defaultRange = (today: string) => ({ from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today });
