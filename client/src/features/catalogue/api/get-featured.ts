import type { FeaturedItem } from '@campus/contracts/catalogue';
import { getFeatured as featuredRoute } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** The top page's pickup. */
export function getFeatured(options: ReadOptions = {}): Promise<FeaturedItem[]> {
  return callApi(featuredRoute, {}, options);
}
