import type { Campaign } from '@campus/contracts/catalogue';
import { apiClient, isApiError } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/campaign — the running campaign, or null: the API answers 404 when none runs. */
export async function getCampaign(options: ReadOptions = {}): Promise<Campaign | null> {
  const skipStatuses = options.skipStatuses === 'all' ? 'all' : [...(options.skipStatuses ?? []), 404];
  try {
    return await apiClient.get<Campaign>('/api/v1/campaign', { ...options, skipStatuses });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
