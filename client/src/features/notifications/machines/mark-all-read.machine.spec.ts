import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { MarkedRead } from '@campus/contracts/notifications';
import { createActor, fromPromise } from 'xstate';
import { deferred } from '../../../test/deferred';
import { isShownRead, markAllReadMachine } from './mark-all-read.machine';

function start(markRead: (feed: FeedCategory) => Promise<MarkedRead>) {
  const calls: FeedCategory[] = [];
  const logic = markAllReadMachine.provide({
    actors: {
      markRead: fromPromise<MarkedRead, { feed: FeedCategory }>(({ input }) => {
        calls.push(input.feed);
        return markRead(input.feed);
      }),
    },
  });
  const actor = createActor(logic, { input: { feed: 'personal' } });
  const emitted: number[] = [];
  actor.on('marked', (event) => emitted.push(event.markedCount));
  actor.start();
  return { actor, calls, emitted };
}

const unread = (id: string) => ({ id, isRead: false });

describe('markAllReadMachine', () => {
  it('marks the feed read, then shows the items on screen as read and tells the page', async () => {
    const answer = deferred<MarkedRead>();
    const { actor, calls, emitted } = start(() => answer.promise);

    actor.send({ type: 'MARK', ids: ['a', 'b'] });
    expect(actor.getSnapshot().value).toBe('marking');
    expect(calls).toEqual(['personal']);
    // Not before the server agreed.
    expect(isShownRead(actor.getSnapshot().context.readIds, unread('a'))).toBe(false);

    answer.resolve({ markedCount: 2 });
    await answer.promise;
    await Promise.resolve();

    expect(actor.getSnapshot().value).toBe('marked');
    expect(emitted).toEqual([2]);
    const { readIds } = actor.getSnapshot().context;
    expect(isShownRead(readIds, unread('a'))).toBe(true);
    expect(isShownRead(readIds, unread('b'))).toBe(true);
    // An item that arrived later is still unread.
    expect(isShownRead(readIds, unread('c'))).toBe(false);
  });

  it('goes back to idle and marks nothing when the call fails', async () => {
    const { actor, emitted } = start(() => Promise.reject(new Error('network')));

    actor.send({ type: 'MARK', ids: ['a'] });
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.readIds.size).toBe(0);
  });

  it('ignores a second press while the first is on its way', () => {
    const { actor, calls } = start(() => new Promise(() => {}));

    actor.send({ type: 'MARK', ids: ['a'] });
    actor.send({ type: 'MARK', ids: ['a'] });

    expect(calls).toHaveLength(1);
  });
});
