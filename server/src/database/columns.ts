import { timestamp } from 'drizzle-orm/pg-core';

/** Every time column of the campus: an instant (timestamptz), read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
