import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import type { MailLink, MailLinkResult } from '../api/follow-mail-link';
import { mailLinkMachine } from './mail-link.machine';

const start = (link: MailLink, token: string | null, answer: () => Promise<MailLinkResult>) => {
  const asked: { link: MailLink; token: string }[] = [];
  const logic = mailLinkMachine.provide({
    actors: {
      follow: fromPromise<MailLinkResult, { link: MailLink; token: string }>(({ input }) => {
        asked.push(input);
        return answer();
      }),
    },
  });
  return { actor: createActor(logic, { input: { link, token } }).start(), asked };
};

describe('the pages a mail link opens', () => {
  it('asks first (a link opened by a scanner changes nothing), then follows it', async () => {
    const outcome: MailLinkResult = { link: 'unsubscribe', result: { kind: 'expiry', label: '有効期限のお知らせ・更新受験のご案内' } };
    const { actor, asked } = start('unsubscribe', 'abc.def', () => Promise.resolve(outcome));
    expect(actor.getSnapshot().value).toBe('asking');
    expect(asked).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot()).toMatchObject({ value: 'done', context: { outcome } });
    expect(asked).toEqual([{ link: 'unsubscribe', token: 'abc.def' }]);
  });

  it('says so for a link without a token, or one the server refuses', async () => {
    expect(start('confirm-address', null, () => Promise.reject(new Error('not asked'))).actor.getSnapshot()).toMatchObject({
      value: 'refused',
      context: { message: expect.stringContaining('必要な情報がありません') },
    });
    const { actor } = start('confirm-address', 'abc.def', () => Promise.reject(new ApiError({ status: 410, code: 'MAIL_LINK_EXPIRED', message: 'この確認リンクは有効期限が切れています。' })));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot()).toMatchObject({ value: 'refused', context: { message: 'この確認リンクは有効期限が切れています。' } });
  });

  it('lets the learner try again after a failure of the network or the server', async () => {
    let calls = 0;
    const { actor } = start('confirm-address', 'abc.def', () =>
      ++calls === 1 ? Promise.reject(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: '混み合っています' })) : Promise.resolve({ link: 'confirm-address', result: { address: 'new@example.com' } }),
    );
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
  });
});
