/** The first block of a UUID: enough to tell rows apart at a glance; the cell's title has it whole. */
export const shortId = (id: string): string => (/^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8) : id);

/** Indented JSON for the row's disclosure. */
export const prettyJson = (data: unknown): string => JSON.stringify(data, null, 2) ?? 'null';
