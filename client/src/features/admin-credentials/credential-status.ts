import type { AdminCredential } from '@campus/contracts/credentials';

/** Spec §3's badge states, as the admin reads them. */
export const CREDENTIAL_STATUS_LABELS: Record<AdminCredential['status'], string> = {
  active: '有効',
  expired: '期限切れ',
  revoked: '取り消し',
};

export const ADMIN_CREDENTIALS_PATH = '/admin/credentials';

/** The list's address: the search and the page live there, so a reload or a shared link keeps them. */
export function adminCredentialsSearch(q: string, page: number): string {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '';
}
