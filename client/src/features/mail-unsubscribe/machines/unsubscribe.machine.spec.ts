import type { UnsubscribeResult } from '@campus/contracts/mail';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { unsubscribeMachine } from './unsubscribe.machine';

const start = (token: string | null, answer: () => Promise<UnsubscribeResult>) => {
  const asked: string[] = [];
  const logic = unsubscribeMachine.provide({
    actors: {
      unsubscribe: fromPromise<UnsubscribeResult, string>(({ input }) => {
        asked.push(input);
        return answer();
      }),
    },
  });
  return { actor: createActor(logic, { input: { token } }).start(), asked };
};

describe('the mail unsubscribe page', () => {
  it('asks first (a link opened by a scanner changes nothing), then turns the mail off', async () => {
    const { actor, asked } = start('abc.def', () => Promise.resolve({ kind: 'expiry', label: '有効期限のお知らせ・更新受験のご案内' }));
    expect(actor.getSnapshot().value).toBe('asking');
    expect(asked).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual({ kind: 'expiry', label: '有効期限のお知らせ・更新受験のご案内' });
    expect(asked).toEqual(['abc.def']);
  });

  it('says so for a link without a token, or one the server refuses', async () => {
    expect(start(null, () => Promise.reject(new Error('not asked'))).actor.getSnapshot()).toMatchObject({ value: 'refused', context: { message: expect.stringContaining('配信停止の情報がありません') } });
    const { actor } = start('abc.def', () => Promise.reject(new ApiError({ status: 410, code: 'UNSUBSCRIBE_TOKEN_EXPIRED', message: 'この配信停止リンクは有効期限が切れています。' })));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot()).toMatchObject({ value: 'refused', context: { message: 'この配信停止リンクは有効期限が切れています。' } });
  });

  it('lets the learner try again after a failure of the network or the server', async () => {
    let calls = 0;
    const { actor } = start('abc.def', () => (++calls === 1 ? Promise.reject(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: '混み合っています' })) : Promise.resolve({ kind: 'revocation', label: '認定証の取り消し' })));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
  });
});
