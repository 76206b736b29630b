import type { Campaign } from '@campus/contracts/catalogue';
import { getCampaign as campaignRoute } from '@campus/contracts/routes/catalogue';
import { isApiError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** The running campaign, or null: the API answers 404 when none runs. */
export async function getCampaign(options: ReadOptions = {}): Promise<Campaign | null> {
  const skipStatuses = options.skipStatuses === 'all' ? 'all' : [...(options.skipStatuses ?? []), 404];
  try {
    return await callApi(campaignRoute, {}, { ...options, skipStatuses });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
