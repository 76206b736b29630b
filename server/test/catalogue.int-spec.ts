import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventBus } from '@nestjs/cqrs';
import { openDatabase } from '../src/database/connection';
import { EventStore } from '../src/database/event-store';
import { importContentPack } from '../src/modules/catalogue/content/import-content-pack';
import { loadContentPack } from '../src/modules/catalogue/content/load-content-pack';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';

describe('catalogue API on the imported demo pack', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let client: BrowserLikeClient;

  beforeAll(async () => {
    campus = await startCampus({ mediaDir });
    const connection = await openDatabase({ kind: 'postgres', url: campus.database.url, poolSize: 2 });
    const meta = { actorId: null, requestId: null, correlationId: 'test', causationId: null };
    await importContentPack(new EventStore(connection, { publishAll: () => undefined } as unknown as EventBus), loadContentPack(path.resolve(__dirname, '../content')), { mediaDir }, meta);
    await connection.close();
    client = new BrowserLikeClient(campus.api.origin);
  });
  afterAll(async () => {
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('lists the categories of a program in the pack order', async () => {
    const reply = await client.xhr('GET', '/api/v1/categories/?program=AD');
    expect(reply.status).toBe(200);
    expect(reply.json().map((category: { slug: string }) => category.slug)).toEqual(['basics', 'targeting', 'bidding', 'creative', 'measurement']);
    expect(reply.json()[0]).toEqual({ program: 'AD', slug: 'basics', name: '広告の基本' });
  });

  it.each(['', '?program=', '?program=LINE', '?program=oa'])('answers 400 naming program for %j', async (query) => {
    const reply = await client.xhr('GET', `/api/v1/categories/${query}`);
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'program' });
  });

  it('returns the featured items with the page of each course', async () => {
    const items = (await client.xhr('GET', '/api/v1/featured/')).json();
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items[0]).toMatchObject({ kind: 'learning', program: 'OA', slug: 'oa-getting-started', path: '/line-official-account/courses/oa-getting-started' });
    expect(items.find((item: { kind: string }) => item.kind === 'video').path).toMatch(/^\/learn-with-video\/line-official-account\/courses\//);
    expect(items.find((item: { kind: string }) => item.kind === 'certification').path).toBe('/lineyahoo-marketing-skill-badge/courses/line-official-account-basic');
  });

  it('returns the campaign while it runs (Asia/Tokyo dates), 404 otherwise', async () => {
    const reply = await client.xhr('GET', '/api/v1/campaign');
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const { startsOn, endsOn } = loadContentPack(path.resolve(__dirname, '../content')).campaign;
    if (startsOn <= today && today <= endsOn) {
      expect(reply.status).toBe(200);
      expect(reply.json()).toMatchObject({ title: 'スキルバッジ取得応援キャンペーン', link: '/lineyahoo-marketing-skill-badge' });
    } else {
      expect(reply.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });

  it('serves the rendered slide decks from the media storage', async () => {
    const reply = await client.request('/media/slides/learning/bidding-and-budget/ad-auction.pdf');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.text.startsWith('%PDF-')).toBe(true);
    expect((await client.request('/media/../package.json')).status).toBe(404);
  });
});
