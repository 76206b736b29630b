import type { CurrentUser, MyProfile, PrintableNameResult } from '@campus/contracts/current-user';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { aProfileToRegister, aUser } from '../../../test/fixtures';
import {
  PRINT_CHECK_DELAY_MS,
  profileEditorMachine,
  selectFieldErrors,
  selectFormError,
  selectPhase,
  type PrintCheck,
  type ProfileDraft,
} from './profile-editor.machine';

const newLearner = aProfileToRegister();

const complete: ProfileDraft = { lastName: '新規', firstName: 'さくら', lastNameKana: 'シンキ', firstNameKana: 'サクラ', email: 'sakura@example.com' };

/** What the certificate font cannot print in these tests. */
const UNPRINTABLE = ['😀', '☺'];
const fontCheck = (value: string): PrintableNameResult => {
  const unprintableCharacters = UNPRINTABLE.filter((character) => value.includes(character));
  return { value: unprintableCharacters.length === 0, unprintableCharacters };
};

interface Fakes {
  load?: () => Promise<MyProfile>;
  save?: (draft: ProfileDraft) => Promise<CurrentUser>;
}

function start(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const checked: string[] = [];
  const saved: ProfileDraft[] = [];
  const logic = profileEditorMachine.provide({
    actors: {
      loadProfile: fromPromise<MyProfile>(() => fakes.load?.() ?? Promise.resolve(newLearner)),
      checkPrintable: fromPromise<PrintCheck, { lastName: string; firstName: string }>(async ({ input }) => {
        const value = `${input.lastName} ${input.firstName}`;
        checked.push(value);
        return { names: input, result: fontCheck(value) };
      }),
      saveProfile: fromPromise<CurrentUser, ProfileDraft>(({ input }) => {
        saved.push(input);
        return fakes.save?.(input) ?? Promise.resolve(aUser({ lastName: input.lastName, firstName: input.firstName }));
      }),
    },
  });
  const actor = createActor(logic, { clock });
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return { actor, clock, checked, saved, emitted };
}

const editing = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => selectPhase(snapshot) === 'editing');
const fill = (actor: ReturnType<typeof start>['actor'], draft: Partial<ProfileDraft>) => {
  for (const [field, value] of Object.entries(draft)) actor.send({ type: 'EDIT', field: field as keyof ProfileDraft, value });
};

describe('profileEditorMachine', () => {
  it('starts from the provider names and e-mail of a learner without a profile', async () => {
    const { actor } = start();
    await editing(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      hadProfile: false,
      draft: { lastName: '新規', firstName: 'さくら', lastNameKana: '', firstNameKana: '', email: 'learner-new@example.com' },
    });
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let attempts = 0;
    const { actor } = start({ load: () => (++attempts === 1 ? Promise.reject(new Error('down')) : Promise.resolve(newLearner)) });
    await waitFor(actor, (snapshot) => selectPhase(snapshot) === 'loadFailed');
    actor.send({ type: 'RETRY' });
    await editing(actor);
    expect(attempts).toBe(2);
  });

  it('checks the printed name once the learner stops typing, not at each keystroke', async () => {
    const { actor, clock, checked } = start();
    await editing(actor);
    actor.send({ type: 'EDIT', field: 'firstName', value: 'さ' });
    clock.increment(PRINT_CHECK_DELAY_MS - 1);
    actor.send({ type: 'EDIT', field: 'firstName', value: 'さく😀' });
    clock.increment(PRINT_CHECK_DELAY_MS - 1);
    expect(checked).toEqual([]);
    clock.increment(1);
    await waitFor(actor, (snapshot) => selectFieldErrors(snapshot).firstName !== undefined);
    expect(checked).toEqual(['新規 さく😀']);
    expect(selectFieldErrors(actor.getSnapshot()).firstName).toBe('証明書に印字できない文字が含まれています（「😀」）。別の字体や表記でご入力ください');
    expect(selectFieldErrors(actor.getSnapshot()).lastName).toBeUndefined();
  });

  it('drops the message as soon as the character is removed, and does not check the e-mail', async () => {
    const { actor, clock, checked } = start();
    await editing(actor);
    fill(actor, { lastName: '新規☺' });
    clock.increment(PRINT_CHECK_DELAY_MS);
    await waitFor(actor, (snapshot) => selectFieldErrors(snapshot).lastName !== undefined);
    actor.send({ type: 'EDIT', field: 'lastName', value: '新規' });
    expect(selectFieldErrors(actor.getSnapshot()).lastName).toBeUndefined();
    actor.send({ type: 'EDIT', field: 'email', value: 'x@example.com' });
    clock.increment(PRINT_CHECK_DELAY_MS * 2);
    expect(checked).toEqual(['新規☺ さくら', '新規 さくら']);
  });

  it('refuses to send a draft the schema rejects, naming each field in Japanese', async () => {
    const { actor, saved, emitted } = start();
    await editing(actor);
    fill(actor, { lastNameKana: 'しんき', email: 'sakura' });
    actor.send({ type: 'SUBMIT' });
    expect(saved).toEqual([]);
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      lastNameKana: '全角カタカナで入力してください',
      firstNameKana: '入力してください',
      email: 'メールアドレスの形式で入力してください',
    });
    expect(emitted).toContain('invalid');
    // Editing a field clears its own message only.
    actor.send({ type: 'EDIT', field: 'email', value: 'sakura@example.com' });
    expect(Object.keys(selectFieldErrors(actor.getSnapshot()))).toEqual(['lastNameKana', 'firstNameKana']);
  });

  it('refuses to send a name the font check has already refused', async () => {
    const { actor, clock, saved } = start();
    await editing(actor);
    fill(actor, { ...complete, firstName: 'さくら😀' });
    clock.increment(PRINT_CHECK_DELAY_MS);
    await waitFor(actor, (snapshot) => selectFieldErrors(snapshot).firstName !== undefined);
    actor.send({ type: 'SUBMIT' });
    expect(saved).toEqual([]);
    expect(selectPhase(actor.getSnapshot())).toBe('editing');
  });

  it('saves a valid draft once, trimmed, and hands over the new user', async () => {
    let finish: (user: CurrentUser) => void = () => {};
    const { actor, saved } = start({ save: () => new Promise((resolve) => (finish = resolve)) });
    await editing(actor);
    fill(actor, { ...complete, lastName: ' 新規 ' });
    const savedUsers: CurrentUser[] = [];
    actor.on('saved', ({ user }) => savedUsers.push(user));
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    expect(selectPhase(actor.getSnapshot())).toBe('saving');
    finish(aUser({ lastName: '新規', firstName: 'さくら' }));
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toEqual({ ...complete, lastName: ' 新規 ' });
    expect(savedUsers).toEqual([aUser({ lastName: '新規', firstName: 'さくら' })]);
  });

  it("puts the server's 400 on its field and keeps what was typed", async () => {
    const refusal = new ApiError({
      message: 'lastName: 証明書に印字できない文字が含まれています（「☺」）。別の字体や表記でご入力ください',
      status: 400,
      code: 'VALIDATION_FAILED',
      field: 'lastName',
    });
    const { actor, emitted } = start({ save: () => Promise.reject(refusal) });
    await editing(actor);
    fill(actor, complete);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => selectFieldErrors(snapshot).lastName !== undefined);
    expect(selectFieldErrors(actor.getSnapshot()).lastName).toBe('証明書に印字できない文字が含まれています（「☺」）。別の字体や表記でご入力ください');
    expect(actor.getSnapshot().context.draft).toEqual(complete);
    expect(emitted).toContain('invalid');
  });

  it('leaves a network failure to the popup, keeping the draft for another try', async () => {
    let attempts = 0;
    const { actor } = start({
      save: (draft) =>
        ++attempts === 1
          ? Promise.reject(new ApiError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: NETWORK_ERROR_CODE }))
          : Promise.resolve(aUser({ lastName: draft.lastName })),
    });
    await editing(actor);
    fill(actor, complete);
    actor.send({ type: 'SUBMIT' });
    await editing(actor);
    expect(selectFormError(actor.getSnapshot())).toBeNull();
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    expect(actor.getSnapshot().context.draft).toEqual(complete);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));
    expect(attempts).toBe(2);
  });
});
