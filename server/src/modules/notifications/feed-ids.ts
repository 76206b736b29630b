const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name an item, and must be a 404 rather than a database cast error. */
export const isFeedId = (value: string): boolean => UUID.test(value);
