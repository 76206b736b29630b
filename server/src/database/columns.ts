import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Every time column of the campus: an instant (timestamptz), read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A 64-bit transaction id (PostgreSQL's xid8), read as its decimal text: it outgrows a JS number. */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
