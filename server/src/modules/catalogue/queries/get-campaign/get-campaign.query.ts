import { Query } from '@nestjs/cqrs';
import type { Campaign } from '../../../../contracts/catalogue.js';

/** The campaign running today (Asia/Tokyo), or NOT_FOUND. */
export class GetCampaignQuery extends Query<Campaign> {
  constructor(readonly today: string) {
    super();
  }
}
