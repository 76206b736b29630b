import { act, fireEvent, render, screen } from '@testing-library/react';
import { createActor, fromCallback, SimulatedClock, type EventObject } from 'xstate';
import {
  appUpdatesMachine,
  INSTALL_OFFER_DELAY_MS,
  type AppUpdatesEvent,
  type InstallPrompt,
  type ServiceWorkerCommand,
} from '../machines/app-updates.machine';
import { AppUpdatesView } from './app-updates';

function setUp() {
  const commands: ServiceWorkerCommand[] = [];
  const quiet = fromCallback<EventObject, void, AppUpdatesEvent>(() => undefined);
  const clock = new SimulatedClock();
  const actor = createActor(
    appUpdatesMachine.provide({
      actors: {
        serviceWorker: fromCallback<ServiceWorkerCommand, void, AppUpdatesEvent>(({ receive }) => receive((command) => commands.push(command))),
        installOffers: quiet,
        connection: quiet,
      },
    }),
    { clock },
  ).start();
  render(<AppUpdatesView actor={actor} />);
  const send = (event: AppUpdatesEvent) => act(() => actor.send(event));
  /** The browser allows installation, and the offer's wait is over. */
  const offerInstall = () => {
    send({ type: 'INSTALL_AVAILABLE', prompt: neverChosen });
    act(() => clock.increment(INSTALL_OFFER_DELAY_MS));
  };
  return { actor, commands, send, offerInstall };
}

const neverChosen: InstallPrompt = { prompt: async () => undefined, userChoice: new Promise(() => {}) };

describe('AppUpdatesView', () => {
  it('shows nothing while there is nothing to say', () => {
    setUp();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks about a new version; 更新する activates it and says so, あとで (or Escape) hides the question', () => {
    const { send, commands } = setUp();
    send({ type: 'NEED_REFRESH' });
    const dialog = screen.getByRole('dialog', { name: '新しいバージョンがあります' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    send({ type: 'NEED_REFRESH' });
    fireEvent.click(screen.getByRole('button', { name: '更新する' }));
    expect(commands).toEqual([{ type: 'ACTIVATE_UPDATE' }]);
    expect(screen.getByRole('status').textContent).toBe('新しいバージョンに更新しています…');
  });

  it('tells once that the campus works offline, with a close button', () => {
    const { send } = setUp();
    send({ type: 'OFFLINE_READY' });
    expect(screen.getByRole('status').textContent).toContain('オフラインでも使えるようになりました');
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers to install, and 閉じる withdraws the offer', () => {
    const { offerInstall, actor } = setUp();
    offerInstall();
    const offer = screen.getByRole('dialog', { name: 'アプリとして使えます' });
    expect(offer.textContent).toContain('インストール');
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(actor.getSnapshot().matches({ install: 'dismissed' })).toBe(true);
  });

  it('says when the browser is offline', () => {
    const { send } = setUp();
    send({ type: 'OFFLINE' });
    expect(screen.getByRole('status').textContent).toBe('オフラインです。保存済みのページとレッスンを表示しています。');
    send({ type: 'ONLINE' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('holds every notice back on the exam screen without forgetting them, and shows them once it is left', () => {
    const { send, offerInstall } = setUp();
    send({ type: 'PAGE_CHANGED', area: 'exam' });
    send({ type: 'OFFLINE_READY' });
    offerInstall();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    send({ type: 'PAGE_CHANGED', area: 'other' });
    expect(screen.getByRole('dialog', { name: 'アプリとして使えます' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toContain('オフラインでも使えるようになりました');

    send({ type: 'PAGE_CHANGED', area: 'exam' });
    send({ type: 'NEED_REFRESH' });
    expect(screen.queryByRole('dialog')).toBeNull();
    send({ type: 'PAGE_CHANGED', area: 'other' });
    expect(screen.getByRole('dialog', { name: '新しいバージョンがあります' })).toBeInTheDocument();
  });
});
