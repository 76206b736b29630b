import { siteTexts } from '../../catalogue.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { GetCampaignHandler } from './get-campaign.handler';
import { GetCampaignQuery } from './get-campaign.query';

const campaign = { title: '冬のキャンペーン', body: '本文', startsOn: '2026-12-01', endsOn: '2027-01-31', link: '/line-ads' };

describe('GetCampaignHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: GetCampaignHandler;

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new GetCampaignHandler(store.connection);
  });
  afterAll(() => store.connection.close());

  it('answers NOT_FOUND when no campaign was imported', async () => {
    await expect(handler.execute(new GetCampaignQuery('2026-12-15'))).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('returns the campaign from its first to its last day, and not outside them', async () => {
    await store.db.insert(siteTexts).values({ key: 'campaign', value: campaign, contentHash: 'h' });
    await expect(handler.execute(new GetCampaignQuery('2026-12-01'))).resolves.toEqual(campaign);
    await expect(handler.execute(new GetCampaignQuery('2027-01-31'))).resolves.toEqual(campaign);
    await expect(handler.execute(new GetCampaignQuery('2026-11-30'))).rejects.toMatchObject({ status: 404 });
    await expect(handler.execute(new GetCampaignQuery('2027-02-01'))).rejects.toMatchObject({ status: 404 });
  });
});
