import { Query } from '@nestjs/cqrs';
import type { FeaturedItem } from '../../../../contracts/catalogue.js';

/** The top page's pickup, in the pack's order. */
export class GetFeaturedQuery extends Query<FeaturedItem[]> {}
