import { createActor, fromCallback, SimulatedClock, waitFor, type EventObject } from 'xstate';
import { deferred } from '../../../test/deferred';
import {
  appUpdatesMachine,
  INSTALL_OFFER_DELAY_MS,
  OFFLINE_READY_NOTICE_MS,
  selectInstalling,
  selectInstallOffered,
  selectOffline,
  selectWorkerNotice,
  UPDATE_ACTIVATION_TIMEOUT_MS,
  type AppUpdatesEvent,
  type InstallPrompt,
  type ServiceWorkerCommand,
} from './app-updates.machine';

interface Fakes {
  dismissedBefore?: boolean;
  offlineReadyShownBefore?: boolean;
}

function setUp(fakes: Fakes = {}) {
  const commands: ServiceWorkerCommand[] = [];
  const reloads = jest.fn();
  const rememberDismissed = jest.fn();
  const rememberOfflineReadyShown = jest.fn();
  const failures: unknown[] = [];
  const clock = new SimulatedClock();
  const logic = appUpdatesMachine.provide({
    actors: {
      serviceWorker: fromCallback<ServiceWorkerCommand, void, AppUpdatesEvent>(({ receive }) => {
        receive((command) => commands.push(command));
      }),
      installOffers: fromCallback<EventObject, void, AppUpdatesEvent>(() => undefined),
      connection: fromCallback<EventObject, void, AppUpdatesEvent>(() => undefined),
    },
    actions: {
      reload: reloads,
      rememberInstallDismissed: rememberDismissed,
      rememberOfflineReadyShown,
      reportRegistrationFailure: (_, params) => failures.push(params.error),
    },
    guards: { installDismissedBefore: () => fakes.dismissedBefore ?? false, offlineReadyShownBefore: () => fakes.offlineReadyShownBefore ?? false },
  });
  const actor = createActor(logic, { clock }).start();
  return { actor, clock, commands, reloads, rememberDismissed, rememberOfflineReadyShown, failures };
}

type Actor = ReturnType<typeof setUp>['actor'];
const notice = (actor: Actor) => selectWorkerNotice(actor.getSnapshot());

function aPrompt(outcome: Promise<'accepted' | 'dismissed'>) {
  const prompt = jest.fn(async () => undefined);
  const installPrompt: InstallPrompt = { prompt, userChoice: outcome.then((value) => ({ outcome: value })) };
  return { installPrompt, prompt };
}

describe('appUpdatesMachine: the service worker', () => {
  it('registers quietly, and shows nothing until the worker says something', () => {
    const { actor } = setUp();
    expect(actor.getSnapshot().matches({ worker: 'registering' })).toBe(true);
    actor.send({ type: 'REGISTERED' });
    expect(actor.getSnapshot().matches({ worker: 'watching' })).toBe(true);
    expect(notice(actor)).toBeNull();
  });

  it('reports a failed registration once and carries on without a worker', () => {
    const { actor, failures } = setUp();
    const error = new Error('SecurityError');
    actor.send({ type: 'REGISTRATION_FAILED', error });
    expect(failures).toEqual([error]);
    expect(actor.getSnapshot().matches({ worker: 'unavailable' })).toBe(true);
    expect(notice(actor)).toBeNull();
  });

  it('shows the offline-ready notice until it is closed', () => {
    const { actor } = setUp();
    actor.send({ type: 'REGISTERED' });
    actor.send({ type: 'OFFLINE_READY' });
    expect(notice(actor)).toBe('offlineReady');
    actor.send({ type: 'CLOSE' });
    expect(notice(actor)).toBeNull();
  });

  it('hides the offline-ready notice by itself after a while', () => {
    const { actor, clock } = setUp();
    actor.send({ type: 'OFFLINE_READY' });
    clock.increment(OFFLINE_READY_NOTICE_MS - 1);
    expect(notice(actor)).toBe('offlineReady');
    clock.increment(1);
    expect(notice(actor)).toBeNull();
  });

  it('asks about a waiting version; あとで hides the prompt without touching the worker', () => {
    const { actor, commands, reloads } = setUp();
    actor.send({ type: 'REGISTERED' });
    actor.send({ type: 'NEED_REFRESH' });
    expect(notice(actor)).toBe('needRefresh');
    actor.send({ type: 'LATER' });
    expect(notice(actor)).toBeNull();
    expect(commands).toEqual([]);
    expect(reloads).not.toHaveBeenCalled();
    // A newer version asks again.
    actor.send({ type: 'NEED_REFRESH' });
    expect(notice(actor)).toBe('needRefresh');
  });

  it('更新する tells the waiting worker to activate, and reloads once when it takes control', () => {
    const { actor, commands, reloads } = setUp();
    actor.send({ type: 'REGISTERED' });
    actor.send({ type: 'NEED_REFRESH' });
    actor.send({ type: 'UPDATE' });
    expect(commands).toEqual([{ type: 'ACTIVATE_UPDATE' }]);
    expect(notice(actor)).toBe('updating');
    expect(reloads).not.toHaveBeenCalled();

    actor.send({ type: 'CONTROLLER_CHANGED', replacedWorker: true });
    expect(reloads).toHaveBeenCalledTimes(1);
    // Later events (a second controllerchange, another waiting worker) do not reload again.
    actor.send({ type: 'CONTROLLER_CHANGED', replacedWorker: true });
    actor.send({ type: 'NEED_REFRESH' });
    actor.send({ type: 'OFFLINE_READY' });
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(notice(actor)).toBe('updating');
  });

  it('reloads when another tab chose to update (a new controller without asking here)', () => {
    const { actor, reloads, commands } = setUp();
    actor.send({ type: 'REGISTERED' });
    actor.send({ type: 'NEED_REFRESH' });
    actor.send({ type: 'CONTROLLER_CHANGED', replacedWorker: true });
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(commands).toEqual([]);
  });

  it('does not reload when the very first worker takes control (nothing was replaced)', () => {
    const { actor, reloads } = setUp();
    actor.send({ type: 'REGISTERED' });
    actor.send({ type: 'CONTROLLER_CHANGED', replacedWorker: false });
    actor.send({ type: 'OFFLINE_READY' });
    expect(reloads).not.toHaveBeenCalled();
    expect(notice(actor)).toBe('offlineReady');
  });

  it('asks again when the waiting worker never takes control', () => {
    const { actor, clock, reloads } = setUp();
    actor.send({ type: 'NEED_REFRESH' });
    actor.send({ type: 'UPDATE' });
    clock.increment(UPDATE_ACTIVATION_TIMEOUT_MS);
    expect(notice(actor)).toBe('needRefresh');
    expect(reloads).not.toHaveBeenCalled();
  });
});

describe('appUpdatesMachine: the install offer', () => {
  /** The browser allows installation, and the offer's wait is over. */
  const offer = ({ actor, clock }: Pick<ReturnType<typeof setUp>, 'actor' | 'clock'>, prompt: InstallPrompt) => {
    actor.send({ type: 'INSTALL_AVAILABLE', prompt });
    clock.increment(INSTALL_OFFER_DELAY_MS);
  };

  it('offers to install when the browser allows it, and installs on インストール', async () => {
    const { actor, clock, rememberDismissed } = setUp();
    const choice = deferred<'accepted' | 'dismissed'>();
    const { installPrompt, prompt } = aPrompt(choice.promise);
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
    offer({ actor, clock }, installPrompt);
    expect(selectInstallOffered(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'INSTALL' });
    expect(selectInstalling(actor.getSnapshot())).toBe(true);
    await waitFor(actor, () => prompt.mock.calls.length === 1);
    choice.resolve('accepted');
    await waitFor(actor, (snapshot) => snapshot.matches({ install: 'installed' }));
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.installPrompt).toBeNull();
    expect(rememberDismissed).not.toHaveBeenCalled();
  });

  it('waits before offering: the offer does not cover the first page, and the newest prompt is kept', () => {
    const { actor, clock } = setUp();
    const first = aPrompt(new Promise(() => {})).installPrompt;
    const newest = aPrompt(new Promise(() => {})).installPrompt;
    actor.send({ type: 'INSTALL_AVAILABLE', prompt: first });
    clock.increment(INSTALL_OFFER_DELAY_MS - 1);
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'INSTALL_AVAILABLE', prompt: newest });
    clock.increment(1);
    expect(selectInstallOffered(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.installPrompt).toBe(newest);
  });

  it('remembers 閉じる so the offer does not come back', () => {
    const { actor, clock, rememberDismissed } = setUp();
    offer({ actor, clock }, aPrompt(new Promise(() => {})).installPrompt);
    actor.send({ type: 'CLOSE_INSTALL' });
    expect(rememberDismissed).toHaveBeenCalledTimes(1);
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
    // The browser offering again in the same visit changes nothing.
    actor.send({ type: 'INSTALL_AVAILABLE', prompt: aPrompt(new Promise(() => {})).installPrompt });
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
  });

  it('does not offer again after an earlier dismissal', () => {
    const { actor } = setUp({ dismissedBefore: true });
    actor.send({ type: 'INSTALL_AVAILABLE', prompt: aPrompt(new Promise(() => {})).installPrompt });
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ install: 'dismissed' })).toBe(true);
  });

  it('remembers a refusal in the browser dialog as a dismissal', async () => {
    const { actor, clock, rememberDismissed } = setUp();
    offer({ actor, clock }, aPrompt(Promise.resolve('dismissed')).installPrompt);
    actor.send({ type: 'INSTALL' });
    await waitFor(actor, (snapshot) => snapshot.matches({ install: 'dismissed' }));
    expect(rememberDismissed).toHaveBeenCalledTimes(1);
  });

  it('gives up quietly when the browser cannot show its dialog', async () => {
    const { actor, clock, rememberDismissed } = setUp();
    const broken: InstallPrompt = { prompt: () => Promise.reject(new DOMException('used', 'InvalidStateError')), userChoice: new Promise(() => {}) };
    offer({ actor, clock }, broken);
    actor.send({ type: 'INSTALL' });
    await waitFor(actor, (snapshot) => snapshot.matches({ install: 'dismissed' }));
    expect(rememberDismissed).not.toHaveBeenCalled();
  });

  it('hides the offer once the app is installed (from the browser menu, say)', () => {
    const { actor, clock } = setUp();
    offer({ actor, clock }, aPrompt(new Promise(() => {})).installPrompt);
    actor.send({ type: 'APP_INSTALLED' });
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'INSTALL_AVAILABLE', prompt: aPrompt(new Promise(() => {})).installPrompt });
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
  });
});

describe('appUpdatesMachine: where the notices may appear', () => {
  const offerInstall = (actor: Actor, clock: SimulatedClock) => {
    actor.send({ type: 'INSTALL_AVAILABLE', prompt: aPrompt(new Promise(() => {})).installPrompt });
    clock.increment(INSTALL_OFFER_DELAY_MS);
  };

  it('holds every notice on an exam page and shows them when the learner leaves it', () => {
    const { actor, clock, rememberOfflineReadyShown } = setUp();
    actor.send({ type: 'PAGE_CHANGED', area: 'exam' });
    actor.send({ type: 'OFFLINE_READY' });
    // The notice's own time does not run while it cannot be seen.
    clock.increment(OFFLINE_READY_NOTICE_MS * 3);
    expect(notice(actor)).toBeNull();
    expect(rememberOfflineReadyShown).not.toHaveBeenCalled();
    offerInstall(actor, clock);
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'PAGE_CHANGED', area: 'other' });
    expect(notice(actor)).toBe('offlineReady');
    expect(rememberOfflineReadyShown).toHaveBeenCalledTimes(1);
    expect(selectInstallOffered(actor.getSnapshot())).toBe(true);
    clock.increment(OFFLINE_READY_NOTICE_MS);
    expect(notice(actor)).toBeNull();
  });

  it('keeps a new version’s question for after the exam', () => {
    const { actor } = setUp();
    actor.send({ type: 'PAGE_CHANGED', area: 'exam' });
    actor.send({ type: 'NEED_REFRESH' });
    expect(notice(actor)).toBeNull();
    actor.send({ type: 'PAGE_CHANGED', area: 'other' });
    expect(notice(actor)).toBe('needRefresh');
  });

  it('never sits over a dialog: held while one is open, back when it closes', () => {
    const { actor, clock } = setUp();
    actor.send({ type: 'NEED_REFRESH' });
    offerInstall(actor, clock);
    actor.send({ type: 'OVERLAYS_CHANGED', open: true });
    expect(notice(actor)).toBeNull();
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'OVERLAYS_CHANGED', open: false });
    expect(notice(actor)).toBe('needRefresh');
    expect(selectInstallOffered(actor.getSnapshot())).toBe(true);
  });

  it('hides the offline-ready notice under a dialog and shows it again, whole, afterwards', () => {
    const { actor, clock } = setUp();
    actor.send({ type: 'OFFLINE_READY' });
    clock.increment(OFFLINE_READY_NOTICE_MS - 1000);
    actor.send({ type: 'OVERLAYS_CHANGED', open: true });
    expect(notice(actor)).toBeNull();
    clock.increment(OFFLINE_READY_NOTICE_MS);
    actor.send({ type: 'OVERLAYS_CHANGED', open: false });
    expect(notice(actor)).toBe('offlineReady');
    clock.increment(OFFLINE_READY_NOTICE_MS - 1);
    expect(notice(actor)).toBe('offlineReady');
  });

  it('leaves the admin console’s tables uncovered: the notices wait for a learner page', () => {
    const { actor, clock } = setUp();
    actor.send({ type: 'PAGE_CHANGED', area: 'admin' });
    actor.send({ type: 'NEED_REFRESH' });
    offerInstall(actor, clock);
    expect(notice(actor)).toBeNull();
    expect(selectInstallOffered(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'PAGE_CHANGED', area: 'other' });
    expect(notice(actor)).toBe('needRefresh');
  });

  it('shows the offline-ready notice once per browser', () => {
    const { actor } = setUp({ offlineReadyShownBefore: true });
    actor.send({ type: 'OFFLINE_READY' });
    expect(notice(actor)).toBeNull();
    expect(actor.getSnapshot().matches({ worker: 'registering' })).toBe(true);
  });

  it('still says it is updating wherever the learner is: the page is about to reload', () => {
    const { actor } = setUp();
    actor.send({ type: 'NEED_REFRESH' });
    actor.send({ type: 'UPDATE' });
    actor.send({ type: 'PAGE_CHANGED', area: 'exam' });
    expect(notice(actor)).toBe('updating');
  });
});

describe('appUpdatesMachine: the connection', () => {
  it('follows the browser offline and back', () => {
    const { actor } = setUp();
    expect(selectOffline(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'OFFLINE' });
    expect(selectOffline(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'ONLINE' });
    expect(selectOffline(actor.getSnapshot())).toBe(false);
  });
});
