import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { Campaign } from '../../../../contracts/catalogue.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { siteTexts } from '../../catalogue.schema.js';
import { GetCampaignQuery } from './get-campaign.query.js';

@QueryHandler(GetCampaignQuery)
export class GetCampaignHandler implements IQueryHandler<GetCampaignQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ today }: GetCampaignQuery): Promise<Campaign> {
    const [row] = await this.connection.db.select({ value: siteTexts.value }).from(siteTexts).where(eq(siteTexts.key, 'campaign'));
    const campaign = row?.value as Campaign | undefined;
    // ISO dates compare as strings.
    if (!campaign || campaign.startsOn > today || campaign.endsOn < today) throw notFound('キャンペーン');
    return campaign;
  }
}
