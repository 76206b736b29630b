import { Query } from '@nestjs/cqrs';
import type { ItemStatistics } from '../../../../contracts/item-statistics.js';

/** The item statistics of a certification course's questions, from its graded outcomes. */
export class GetItemStatisticsQuery extends Query<ItemStatistics> {
  constructor(readonly courseSlug: string) {
    super();
  }
}
