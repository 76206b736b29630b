/**
 * The item's link when it is a page of the campus (`/…`); anything else (another site, a
 * `javascript:` address) is not offered: the contract promises campus pages only.
 */
export const internalLink = (link: string | null): string | null =>
  link !== null && link.startsWith('/') && !link.startsWith('//') ? link : null;
