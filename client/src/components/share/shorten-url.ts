import { shortenUrl as shortenUrlRoute } from '@campus/contracts/routes/share';
import { callApi } from '../../lib/call-api';

/**
 * A short link (/s/<code>) for an address of this site. Never shows a popup: sharing falls back to
 * the long address on any failure (spec §8), so the caller decides.
 */
export async function shortenUrl(value: string, options: { signal?: AbortSignal } = {}): Promise<string> {
  const answer = await callApi(shortenUrlRoute, { body: { value } }, { skipStatuses: 'all', ...options });
  if (typeof answer?.value !== 'string' || answer.value === '') throw new Error('shorten-url answered no link');
  return answer.value;
}
