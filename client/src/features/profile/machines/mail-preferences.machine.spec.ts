import type { MailPreferences, MailSettings } from '@campus/contracts/mail';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { mailPreferencesMachine } from './mail-preferences.machine';

const DEFAULTS: MailPreferences = { certificate: true, expiry: true, revocation: true, announcement: false };

function start(save: (preferences: MailPreferences) => Promise<MailSettings>) {
  const sent: MailPreferences[] = [];
  const logic = mailPreferencesMachine.provide({
    actors: {
      load: fromPromise<MailSettings>(() => Promise.resolve({ ...DEFAULTS, pendingAddress: 'new@example.com' })),
      save: fromPromise<MailSettings, MailPreferences>(({ input }) => {
        sent.push(input);
        return save(input);
      }),
    },
  });
  return { actor: createActor(logic).start(), sent };
}

describe('the profile’s メール通知', () => {
  it('saves the whole set as soon as a switch is flipped, and says so', async () => {
    const { actor, sent } = start((preferences) => Promise.resolve({ ...preferences, pendingAddress: null }));
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.pendingAddress).toBe('new@example.com');
    actor.send({ type: 'TOGGLE', kind: 'announcement', on: true });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.notice !== null);
    expect(sent).toEqual([{ ...DEFAULTS, announcement: true }]);
    expect(actor.getSnapshot().context).toMatchObject({ saved: { ...DEFAULTS, announcement: true }, pendingAddress: null, notice: 'メール通知の設定を保存しました。' });
  });

  it('puts the switch back and says why when the save fails', async () => {
    const { actor } = start(() => Promise.reject(new ApiError({ status: 429, code: 'TOO_MANY_REQUESTS', message: '操作が多すぎます。しばらく待ってからお試しください。' })));
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'TOGGLE', kind: 'expiry', on: false });
    expect(actor.getSnapshot().context.shown).toMatchObject({ expiry: false });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.shown).toEqual(DEFAULTS);
    expect(actor.getSnapshot().context.error).toContain('操作が多すぎます');
  });
});
