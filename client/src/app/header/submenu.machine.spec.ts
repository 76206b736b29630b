import { createActor } from 'xstate';
import { selectSubmenuOpen, SUBMENU_CLOSE_DELAY_MS, submenuMachine } from './submenu.machine';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function start() {
  const actor = createActor(submenuMachine).start();
  const isOpen = () => selectSubmenuOpen(actor.getSnapshot());
  return { actor, isOpen };
}

describe('submenu machine', () => {
  it('opens on pointer enter and closes 1000 ms after the pointer leaves, not before', () => {
    const { actor, isOpen } = start();
    expect(SUBMENU_CLOSE_DELAY_MS).toBe(1000);
    actor.send({ type: 'POINTER_ENTER' });
    expect(isOpen()).toBe(true);

    actor.send({ type: 'POINTER_LEAVE' });
    jest.advanceTimersByTime(999);
    expect(isOpen()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(isOpen()).toBe(false);
  });

  it('re-entering before the delay cancels the close; the next leave waits the full delay again', () => {
    const { actor, isOpen } = start();
    actor.send({ type: 'POINTER_ENTER' });
    actor.send({ type: 'POINTER_LEAVE' });
    jest.advanceTimersByTime(800);
    actor.send({ type: 'POINTER_ENTER' });
    jest.advanceTimersByTime(5000);
    expect(isOpen()).toBe(true);

    actor.send({ type: 'POINTER_LEAVE' });
    jest.advanceTimersByTime(999);
    expect(isOpen()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(isOpen()).toBe(false);
  });

  it('a press toggles', () => {
    const { actor, isOpen } = start();
    actor.send({ type: 'PRESS' });
    expect(isOpen()).toBe(true);
    actor.send({ type: 'PRESS' });
    expect(isOpen()).toBe(false);
  });

  it('a press on a hover-opened submenu keeps it open; the next press closes it', () => {
    const { actor, isOpen } = start();
    actor.send({ type: 'POINTER_ENTER' });
    actor.send({ type: 'PRESS' });
    expect(isOpen()).toBe(true);
    actor.send({ type: 'PRESS' });
    expect(isOpen()).toBe(false);
  });

  it('OPEN only opens', () => {
    const { actor, isOpen } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'OPEN' });
    expect(isOpen()).toBe(true);
  });

  it('CLOSE closes at once, also while waiting to close', () => {
    const { actor, isOpen } = start();
    actor.send({ type: 'PRESS' });
    actor.send({ type: 'CLOSE' });
    expect(isOpen()).toBe(false);

    actor.send({ type: 'POINTER_ENTER' });
    actor.send({ type: 'POINTER_LEAVE' });
    actor.send({ type: 'CLOSE' });
    expect(isOpen()).toBe(false);
    // The cancelled delay does not reopen or re-close anything later.
    actor.send({ type: 'PRESS' });
    jest.advanceTimersByTime(SUBMENU_CLOSE_DELAY_MS * 2);
    expect(isOpen()).toBe(true);
  });

  it('a pointer leave without an enter changes nothing', () => {
    const { actor, isOpen } = start();
    actor.send({ type: 'POINTER_LEAVE' });
    jest.advanceTimersByTime(SUBMENU_CLOSE_DELAY_MS);
    expect(isOpen()).toBe(false);
  });
});
