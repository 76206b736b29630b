import type { FeaturedItem } from '@campus/contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/featured/ — the top page's pickup. */
export function getFeatured(options: ReadOptions = {}): Promise<FeaturedItem[]> {
  return apiClient.get<FeaturedItem[]>('/api/v1/featured/', options);
}
