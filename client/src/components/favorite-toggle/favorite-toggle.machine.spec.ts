import type { FavoriteState } from '@campus/contracts/course-activity';
import { createActor, fromPromise, waitFor } from 'xstate';
import { setAnalyticsAdapter } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { deferred } from '../../test/deferred';
import { favoriteToggleMachine, type SaveFavoriteInput } from './favorite-toggle.machine';

const course = { kind: 'learning' as const, slug: 'first-steps', title: 'はじめての公式アカウント' };

/** The machine with a save the test settles by hand, a scripted login popup and a recorded login start. */
function setUp({ isFavorite = false, popupChoice = 'cancel' } = {}) {
  const saves: { input: SaveFavoriteInput; answer: ReturnType<typeof deferred<FavoriteState>> }[] = [];
  const startLogin = jest.fn();
  const askLogin = jest.fn(() => Promise.resolve(popupChoice));
  const logic = favoriteToggleMachine.provide({
    actors: {
      askLogin: fromPromise(askLogin),
      saveFavorite: fromPromise<FavoriteState, SaveFavoriteInput>(({ input }) => {
        const answer = deferred<FavoriteState>();
        saves.push({ input, answer });
        return answer.promise;
      }),
    },
    actions: { startLogin },
  });
  const actor = createActor(logic, { input: { ...course, isFavorite } }).start();
  const settled: boolean[] = [];
  actor.on('settled', (event) => settled.push(event.isFavorite));
  const lastSave = () => saves[saves.length - 1]!;
  return { actor, saves, lastSave, startLogin, askLogin, settled };
}

const shown = (actor: { getSnapshot(): { context: { isFavorite: boolean } } }) => actor.getSnapshot().context.isFavorite;

describe('favoriteToggleMachine', () => {
  const events: { name: string; params: Record<string, unknown> }[] = [];
  let restoreAnalytics: () => void;
  beforeEach(() => {
    events.length = 0;
    restoreAnalytics = setAnalyticsAdapter({
      event: (name, params) => events.push({ name, params }),
      goal: () => {},
      pageView: () => {},
    });
  });
  afterEach(() => restoreAnalytics());

  describe('for a visitor', () => {
    it('asks to log in instead of saving, and starts the login when the learner agrees', async () => {
      const { actor, saves, startLogin, askLogin } = setUp({ popupChoice: 'login' });

      actor.send({ type: 'TOGGLE', loggedIn: false });

      expect(actor.getSnapshot().value).toBe('askingLogin');
      expect(shown(actor)).toBe(false);
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(askLogin).toHaveBeenCalledTimes(1);
      expect(startLogin).toHaveBeenCalledTimes(1);
      expect(saves).toHaveLength(0);
      expect(shown(actor)).toBe(false);
    });

    it('does nothing more when the popup is cancelled or dismissed', async () => {
      for (const choice of ['cancel', 'dismissed']) {
        const { actor, startLogin } = setUp({ popupChoice: choice });
        actor.send({ type: 'TOGGLE', loggedIn: false });
        await waitFor(actor, (snapshot) => snapshot.matches('idle'));
        expect(startLogin).not.toHaveBeenCalled();
      }
    });

    it('ignores further presses while the popup is up', () => {
      const { actor, askLogin } = setUp();
      actor.send({ type: 'TOGGLE', loggedIn: false });
      actor.send({ type: 'TOGGLE', loggedIn: false });
      expect(askLogin).toHaveBeenCalledTimes(1);
    });
  });

  describe('for a logged-in learner', () => {
    it('flips at once, saves the new value and keeps the server answer', async () => {
      const { actor, saves, lastSave, settled } = setUp();

      actor.send({ type: 'TOGGLE', loggedIn: true });

      expect(shown(actor)).toBe(true);
      expect(actor.getSnapshot().value).toBe('saving');
      expect(saves.map((save) => save.input)).toEqual([{ kind: 'learning', slug: 'first-steps', value: true }]);

      lastSave().answer.resolve({ isFavorite: true });
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(shown(actor)).toBe(true);
      expect(actor.getSnapshot().context.confirmed).toBe(true);
      expect(settled).toEqual([true]);
    });

    it('removes a favourite', async () => {
      const { actor, lastSave } = setUp({ isFavorite: true });
      actor.send({ type: 'TOGGLE', loggedIn: true });
      expect(shown(actor)).toBe(false);
      expect(lastSave().input.value).toBe(false);
      lastSave().answer.resolve({ isFavorite: false });
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(shown(actor)).toBe(false);
    });

    it('rolls back to the last confirmed value when the save fails', async () => {
      const { actor, lastSave, settled } = setUp();

      actor.send({ type: 'TOGGLE', loggedIn: true });
      expect(shown(actor)).toBe(true);
      lastSave().answer.reject(new ApiError({ message: 'エラー', status: 500, code: 'UNKNOWN_ERROR' }));

      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(shown(actor)).toBe(false);
      expect(settled).toEqual([false]);
    });

    it('sends one more save when the learner changed their mind while saving (double click)', async () => {
      const { actor, saves, lastSave } = setUp();

      actor.send({ type: 'TOGGLE', loggedIn: true });
      actor.send({ type: 'TOGGLE', loggedIn: true });
      // Only one request at a time; the display follows the clicks.
      expect(saves).toHaveLength(1);
      expect(shown(actor)).toBe(false);

      saves[0]!.answer.resolve({ isFavorite: true });
      await waitFor(actor, () => saves.length === 2);
      expect(lastSave().input.value).toBe(false);
      expect(actor.getSnapshot().value).toBe('saving');
      expect(shown(actor)).toBe(false);

      lastSave().answer.resolve({ isFavorite: false });
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(shown(actor)).toBe(false);
      expect(actor.getSnapshot().context.confirmed).toBe(false);
    });

    it('makes no extra request when the clicks during a save cancel out (triple click)', async () => {
      const { actor, saves } = setUp();

      actor.send({ type: 'TOGGLE', loggedIn: true });
      actor.send({ type: 'TOGGLE', loggedIn: true });
      actor.send({ type: 'TOGGLE', loggedIn: true });
      saves[0]!.answer.resolve({ isFavorite: true });

      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(saves).toHaveLength(1);
      expect(shown(actor)).toBe(true);
    });

    it('rolls back to what the first save confirmed when the follow-up save fails', async () => {
      const { actor, saves, lastSave } = setUp();

      actor.send({ type: 'TOGGLE', loggedIn: true });
      actor.send({ type: 'TOGGLE', loggedIn: true });
      saves[0]!.answer.resolve({ isFavorite: true });
      await waitFor(actor, () => saves.length === 2);
      lastSave().answer.reject(new Error('offline'));

      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      // The server holds true since the first save.
      expect(shown(actor)).toBe(true);
    });

    it('shows the server value when it differs from the request', async () => {
      const { actor, lastSave } = setUp();
      actor.send({ type: 'TOGGLE', loggedIn: true });
      lastSave().answer.resolve({ isFavorite: false });
      await waitFor(actor, (snapshot) => snapshot.matches('idle'));
      expect(shown(actor)).toBe(false);
    });

    it('tracks every press with the value asked for', () => {
      const { actor } = setUp();
      actor.send({ type: 'TOGGLE', loggedIn: true });
      actor.send({ type: 'TOGGLE', loggedIn: true });
      expect(events).toEqual([
        { name: 'wishlist_toggle', params: { ...course, loggedIn: true, value: true } },
        { name: 'wishlist_toggle', params: { ...course, loggedIn: true, value: false } },
      ]);
    });
  });

  it('adopts a re-read value while idle, but not while saving', () => {
    const { actor } = setUp();
    actor.send({ type: 'SYNC', isFavorite: true });
    expect(shown(actor)).toBe(true);

    actor.send({ type: 'TOGGLE', loggedIn: true });
    actor.send({ type: 'SYNC', isFavorite: true });
    expect(shown(actor)).toBe(false);
  });
});
