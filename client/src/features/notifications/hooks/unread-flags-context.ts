import { createContext } from 'react';
import type { UnreadFlagsActorRef } from '../machines/unread-flags.machine';

/** The unread-flags actor, provided by `<UnreadFlagsProvider>`; null outside it. */
export const UnreadFlagsContext = createContext<UnreadFlagsActorRef | null>(null);
