/** The first block of a UUID: enough to tell rows apart at a glance; the cell's title has it whole. */
export const shortId = (id: string): string => (/^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8) : id);

const PREVIEW_CHARS = 80;

/** One line of JSON for the table cell, cut with … when long. */
export function compactJson(data: unknown): string {
  const text = JSON.stringify(data) ?? 'null';
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/** Indented JSON for the expanded cell. */
export const prettyJson = (data: unknown): string => JSON.stringify(data, null, 2) ?? 'null';
