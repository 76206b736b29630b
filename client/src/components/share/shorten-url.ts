import type { ShortUrl } from '@campus/contracts/share';
import { apiClient } from '../../lib/api-client';

/**
 * POST /api/v1/shorten-url — a short link (/s/<code>) for an address of this site. Never shows a
 * popup: sharing falls back to the long address on any failure (spec §8), so the caller decides.
 */
export async function shortenUrl(value: string, options: { signal?: AbortSignal } = {}): Promise<string> {
  const answer = await apiClient.post<ShortUrl>('/api/v1/shorten-url', { value }, { skipStatuses: 'all', ...options });
  if (typeof answer?.value !== 'string' || answer.value === '') throw new Error('shorten-url answered no link');
  return answer.value;
}
