import type { LearnerAccommodation } from '@campus/contracts/exam-accommodations';
import { createActor, fromPromise, waitFor } from 'xstate';
import { draftOf, EMPTY_DRAFT, examAccommodationMachine, localErrorsOf, requestOf } from './exam-accommodation.machine';

const LEARNER: LearnerAccommodation = { learner: { userId: 'u-1', email: 'learner@example.com', name: '山田 太郎' }, accommodation: null };
const GRANT = { extraMinutes: null, extraPercent: 50, endsOn: '2026-12-31', note: '配慮のため', grantedAt: '2026-11-27T00:00:00.000Z', active: true };

describe('the exam accommodation form', () => {
  it('sends exactly one of minutes or percent, and no end date as null', () => {
    expect(requestOf({ unit: 'minutes', amount: '15', endsOn: '', note: 'x' })).toEqual({ extraMinutes: 15, extraPercent: null, endsOn: null, note: 'x' });
    expect(requestOf({ unit: 'percent', amount: '50', endsOn: '2026-12-31', note: 'x' })).toEqual({ extraMinutes: null, extraPercent: 50, endsOn: '2026-12-31', note: 'x' });
    expect(localErrorsOf({ unit: 'minutes', amount: '', endsOn: '', note: 'x' })).toEqual({ amount: 'extraMinutes か extraPercent のどちらかを指定してください' });
    expect(localErrorsOf({ unit: 'percent', amount: '0', endsOn: '', note: 'x' })).toEqual({ amount: 'extraPercent は 1 以上で指定してください' });
  });

  it('starts from the grant in force, so a change begins with what the learner has', () => {
    expect(draftOf(LEARNER)).toEqual(EMPTY_DRAFT);
    expect(draftOf({ ...LEARNER, accommodation: GRANT })).toEqual({ unit: 'percent', amount: '50', endsOn: '2026-12-31', note: '配慮のため' });
  });

  it('looks up, grants for the learner found, and keeps the answer', async () => {
    const granted: unknown[] = [];
    const actor = createActor(
      examAccommodationMachine.provide({
        actors: {
          find: fromPromise(async () => LEARNER),
          grant: fromPromise(async ({ input }) => {
            granted.push(input);
            return { ...LEARNER, accommodation: GRANT };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'SEARCH' });
    expect(actor.getSnapshot().context.fieldErrors.email).toBe('email はメールアドレスの形式で入力してください');
    actor.send({ type: 'EDIT_EMAIL', value: 'learner@example.com' });
    actor.send({ type: 'SEARCH' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'SET_UNIT', unit: 'percent' });
    actor.send({ type: 'EDIT', field: 'amount', value: '50' });
    actor.send({ type: 'EDIT', field: 'endsOn', value: '2026-12-31' });
    actor.send({ type: 'EDIT', field: 'note', value: '配慮のため' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.notice !== null);
    expect(granted).toEqual([{ userId: 'u-1', request: { extraMinutes: null, extraPercent: 50, endsOn: '2026-12-31', note: '配慮のため' } }]);
    expect(actor.getSnapshot().context.learner?.accommodation).toEqual(GRANT);
  });
});
