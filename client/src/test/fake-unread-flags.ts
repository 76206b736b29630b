import type { UnreadFlags } from '@campus/contracts/notifications';
import { fromCallback, fromPromise } from 'xstate';
import { unreadFlagsMachine, type UnreadFlagsEvent } from '../features/notifications/machines/unread-flags.machine';

export interface FakeUnreadFlags {
  logic: typeof unreadFlagsMachine;
  /** How often has-unread was asked. */
  fetches: jest.Mock<Promise<UnreadFlags>, []>;
  /** Sends a socket event (push, connect, disconnect) while the socket is watched. */
  push(event: UnreadFlagsEvent): void;
}

/** The real unread-flags machine answering `flags` (or the function's answer), with a socket the test drives. */
export function fakeUnreadFlags(flags: UnreadFlags | (() => Promise<UnreadFlags>)): FakeUnreadFlags {
  const fetches = jest.fn<Promise<UnreadFlags>, []>(typeof flags === 'function' ? flags : async () => flags);
  let sendBack: ((event: UnreadFlagsEvent) => void) | undefined;
  const logic = unreadFlagsMachine.provide({
    actors: {
      fetchFlags: fromPromise(() => fetches()),
      watchSocket: fromCallback<UnreadFlagsEvent>(({ sendBack: send }) => {
        sendBack = send;
        return () => {
          if (sendBack === send) sendBack = undefined;
        };
      }),
    },
  });
  return {
    logic,
    fetches,
    push(event) {
      if (!sendBack) throw new Error('the socket is not watched');
      sendBack(event);
    },
  };
}
