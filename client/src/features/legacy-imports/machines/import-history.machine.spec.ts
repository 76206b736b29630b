import type { LegacyBadgeImportList } from '@campus/contracts/legacy-badge-imports';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { importHistoryMachine } from './import-history.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('importHistoryMachine', () => {
  it('loads, reports a failure, loads again on RETRY and on REFRESH', async () => {
    const answers: (LegacyBadgeImportList | Error)[] = [
      new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' }),
      { items: [] },
      { items: [] },
    ];
    let calls = 0;
    const logic = importHistoryMachine.provide({
      actors: {
        loadList: fromPromise(async () => {
          const answer = answers[calls++]!;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    });
    const actor = createActor(logic).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('通信エラー');

    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');

    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('loading');
    // The old list stays while the new one loads.
    expect(actor.getSnapshot().context.list).toEqual({ items: [] });
    await settle();
    expect(calls).toBe(3);
  });
});
