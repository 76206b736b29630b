import type { FeaturedItem } from '@campus/contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import type { CatalogueRequestOptions } from './request-options';

/** GET /api/v1/featured/ — the top page's pickup. */
export function getFeatured(options: CatalogueRequestOptions = {}): Promise<FeaturedItem[]> {
  return apiClient.get<FeaturedItem[]>('/api/v1/featured/', options);
}
