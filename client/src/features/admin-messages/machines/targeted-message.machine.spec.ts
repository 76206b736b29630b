import type { RecipientCount, RecipientCountQuery, SendNotificationRequest, SentNotification } from '@campus/contracts/admin-notifications';
import { createActor, fromPromise } from 'xstate';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { deferred } from '../../../test/deferred';
import { localErrorsOf, EMPTY_MESSAGE, selectMessagePhase, selectRecipientsPhase, targetedMessageMachine } from './targeted-message.machine';

interface Fakes {
  count?: (query: RecipientCountQuery) => Promise<RecipientCount>;
  send?: (request: SendNotificationRequest) => Promise<SentNotification>;
}

function start(fakes: Fakes = {}) {
  const counted: RecipientCountQuery[] = [];
  const sent: SendNotificationRequest[] = [];
  const logic = targetedMessageMachine.provide({
    actors: {
      countRecipients: fromPromise<RecipientCount, RecipientCountQuery>(({ input }) => {
        counted.push(input);
        return fakes.count?.(input) ?? Promise.resolve({ recipientCount: 12 });
      }),
      sendMessage: fromPromise<SentNotification, SendNotificationRequest>(({ input }) => {
        sent.push(input);
        return fakes.send?.(input) ?? Promise.resolve({ messageId: 'm-1', recipientCount: input.target.kind === 'user' ? 1 : 12 });
      }),
    },
  });
  let issued = 0;
  const actor = createActor(logic, { input: { newMessageId: () => `00000000-0000-4000-8000-00000000000${++issued}` } }).start();
  const context = () => actor.getSnapshot().context;
  const phase = () => selectMessagePhase(actor.getSnapshot());
  const recipients = () => selectRecipientsPhase(actor.getSnapshot());
  const write = (title: string, body: string, link = '') => {
    actor.send({ type: 'EDIT', field: 'title', value: title });
    actor.send({ type: 'EDIT', field: 'body', value: body });
    actor.send({ type: 'EDIT', field: 'link', value: link });
  };
  return { actor, counted, sent, context, phase, recipients, write };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ID_1 = '00000000-0000-4000-8000-000000000001';
const ID_2 = '00000000-0000-4000-8000-000000000002';

describe('targetedMessageMachine', () => {
  it('sends to one learner by email after the confirmation, then shows how many it reached', async () => {
    const { actor, counted, sent, context, phase, recipients, write } = start();
    expect(recipients()).toBe('none');
    actor.send({ type: 'EDIT', field: 'email', value: 'taro@example.com' });
    write('ご案内', '本文', '/mypage/certificates');
    actor.send({ type: 'SUBMIT' });
    expect(phase()).toBe('confirming');
    expect(sent).toEqual([]);

    actor.send({ type: 'CONFIRM' });
    expect(phase()).toBe('sending');
    await settle();
    expect(sent).toEqual([
      { title: 'ご案内', body: '本文', link: '/mypage/certificates', target: { kind: 'user', email: 'taro@example.com' }, messageId: ID_1 },
    ]);
    expect(phase()).toBe('sent');
    expect(context().sentCount).toBe(1);
    // Ready for the next message to the same person.
    expect(context().draft).toMatchObject({ email: 'taro@example.com', title: '', body: '', link: '' });
    expect(counted).toEqual([]);
  });

  it('counts a group live, again for every new group or course, and sends to it', async () => {
    const answers = [deferred<RecipientCount>(), deferred<RecipientCount>(), deferred<RecipientCount>()];
    let call = 0;
    const { actor, counted, sent, context, recipients, write } = start({ count: () => answers[call++]!.promise });

    actor.send({ type: 'SET_TARGET', targetKind: 'segment' });
    expect(recipients()).toBe('counting');
    expect(counted).toEqual([{ segment: 'all-learners' }]);
    answers[0]!.resolve({ recipientCount: 120 });
    await settle();
    expect(recipients()).toBe('counted');
    expect(context().recipientCount).toBe(120);

    actor.send({ type: 'SET_SEGMENT', segment: 'badge-holders' });
    actor.send({ type: 'SET_COURSE', courseSlug: 'line-ads-basic' });
    expect(counted.slice(1)).toEqual([{ segment: 'badge-holders' }, { segment: 'badge-holders', courseSlug: 'line-ads-basic' }]);
    // The older answer arrives after the newer question: it is not the count on screen.
    answers[1]!.resolve({ recipientCount: 40 });
    await settle();
    expect(context().recipientCount).toBeNull();
    answers[2]!.resolve({ recipientCount: 7 });
    await settle();
    expect(context().recipientCount).toBe(7);

    write('期限のお知らせ', '本文');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(sent[0]!.target).toEqual({ kind: 'segment', segment: 'badge-holders', courseSlug: 'line-ads-basic' });
    expect(sent[0]!.link).toBeNull();
  });

  it('waits for the count before asking to confirm', async () => {
    const answer = deferred<RecipientCount>();
    const { actor, phase, write } = start({ count: () => answer.promise });
    actor.send({ type: 'SET_TARGET', targetKind: 'segment' });
    write('a', 'b');
    actor.send({ type: 'SUBMIT' });
    expect(phase()).toBe('editing');
    answer.resolve({ recipientCount: 3 });
    await settle();
    actor.send({ type: 'SUBMIT' });
    expect(phase()).toBe('confirming');
  });

  it('says when the count failed and counts again on RETRY_COUNT', async () => {
    let calls = 0;
    const { actor, context, recipients } = start({
      count: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError({ message: '通信エラー', status: 0, code: 'NETWORK_ERROR' });
        return { recipientCount: 5 };
      },
    });
    actor.send({ type: 'SET_TARGET', targetKind: 'segment' });
    await settle();
    expect(recipients()).toBe('countFailed');
    expect(context().countError).toBe('通信エラー');
    actor.send({ type: 'RETRY_COUNT' });
    await settle();
    expect(recipients()).toBe('counted');
    expect(context().recipientCount).toBe(5);
  });

  it('checks the contract rules before confirming: the field errors, no call', () => {
    const { actor, sent, phase, context } = start();
    actor.send({ type: 'EDIT', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'SUBMIT' });
    expect(phase()).toBe('editing');
    expect(context().fieldErrors).toEqual({
      email: 'email はメールアドレスの形式で入力してください',
      title: 'title を入力してください',
      body: 'body を入力してください',
    });
    actor.send({ type: 'EDIT', field: 'title', value: 'x' });
    expect(context().fieldErrors.title).toBeUndefined();
    expect(context().fieldErrors.email).toBe('email はメールアドレスの形式で入力してください');
    expect(sent).toEqual([]);
  });

  it('puts the API 400 or 404 next to the field and keeps everything typed; CANCEL sends nothing', async () => {
    const { actor, sent, context, phase, write } = start({
      send: () =>
        Promise.reject(new ApiError({ message: 'target.email: このメールアドレスの学習者はいません', status: 400, code: 'VALIDATION_FAILED', field: 'target.email' })),
    });
    actor.send({ type: 'EDIT', field: 'email', value: 'nobody@example.com' });
    write('件名', '本文');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CANCEL' });
    expect(phase()).toBe('editing');
    expect(sent).toEqual([]);

    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(phase()).toBe('editing');
    expect(context().fieldErrors).toEqual({ email: 'このメールアドレスの学習者はいません' });
    expect(context().draft).toMatchObject({ email: 'nobody@example.com', title: '件名', body: '本文' });
  });

  it('sends every attempt of one message with the same messageId, so a retry after a lost answer cannot deliver twice', async () => {
    let call = 0;
    const { actor, sent, context, phase, write } = start({
      send: () => (call++ === 0 ? Promise.reject(new ApiError({ message: '通信エラー', status: NETWORK_ERROR_STATUS, code: NETWORK_ERROR_CODE })) : Promise.resolve({ messageId: 'm-1', recipientCount: 1 })),
    });
    actor.send({ type: 'EDIT', field: 'email', value: 'taro@example.com' });
    write('件名', '本文');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(phase()).toBe('editing');
    expect(context().formError).not.toBeNull();

    // Edited after the failure: still the same message, so still the same id.
    actor.send({ type: 'EDIT', field: 'body', value: '本文（修正）' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(phase()).toBe('sent');
    expect(sent.map((request) => request.messageId)).toEqual([ID_1, ID_1]);
    expect(sent[1]!.body).toBe('本文（修正）');
  });

  it('takes a new messageId after a success, so the next message is not taken for a retry of the last', async () => {
    const { actor, sent, context, phase, write } = start();
    actor.send({ type: 'EDIT', field: 'email', value: 'taro@example.com' });
    write('一通目', '本文');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(phase()).toBe('sent');
    expect(context().messageId).toBe(ID_2);

    write('二通目', '本文');
    expect(phase()).toBe('editing');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(sent.map((request) => [request.title, request.messageId])).toEqual([
      ['一通目', ID_1],
      ['二通目', ID_2],
    ]);
  });

  it('knows the empty draft breaks the contract', () => {
    expect(Object.keys(localErrorsOf(EMPTY_MESSAGE)).sort()).toEqual(['body', 'email', 'title']);
  });
});
