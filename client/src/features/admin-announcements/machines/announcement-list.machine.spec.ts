import type { AdminAnnouncementPage } from '@campus/contracts/announcements';
import { createActor, fromPromise } from 'xstate';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import { announcementListMachine, pageCountOf } from './announcement-list.machine';

const emptyPage: AdminAnnouncementPage = { items: [], total: 0, limit: 20, offset: 0 };

function start(page: number, load: (offset: number) => Promise<AdminAnnouncementPage>) {
  const offsets: number[] = [];
  const logic = announcementListMachine.provide({
    actors: {
      loadPage: fromPromise<AdminAnnouncementPage, { offset: number }>(({ input }) => {
        offsets.push(input.offset);
        return load(input.offset);
      }),
    },
  });
  return { actor: createActor(logic, { input: { page } }).start(), offsets };
}

describe('announcementListMachine', () => {
  it('loads the page asked for, 20 a page', async () => {
    const answer = deferred<AdminAnnouncementPage>();
    const { actor, offsets } = start(3, () => answer.promise);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(offsets).toEqual([40]);

    answer.resolve({ ...emptyPage, total: 41, offset: 40 });
    await answer.promise;
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.result?.total).toBe(41);
  });

  it('keeps the message of a failure and loads again on RETRY', async () => {
    let calls = 0;
    const { actor, offsets } = start(1, async () => {
      calls += 1;
      if (calls === 1) throw new ApiError({ message: 'サーバーが応答しません', status: 503, code: 'INTERNAL_ERROR' });
      return emptyPage;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(UNKNOWN_ERROR_MESSAGE);

    actor.send({ type: 'RETRY' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(offsets).toEqual([0, 0]);
  });

  it('counts at least one page', () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(20)).toBe(1);
    expect(pageCountOf(21)).toBe(2);
  });
});
