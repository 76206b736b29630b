import type { ServerToClientEvents } from '../contracts/realtime.js';
import type { DomainEvent, StoredEvent } from '../database/event-store.js';
import type { ReadPushName } from './push-payloads.js';

/** A push whose payload the event carries. `room: null` is every socket. */
export type EmittedPush = {
  [E in keyof ServerToClientEvents]: { room: string | null; name: E; args: Parameters<ServerToClientEvents[E]> };
}[keyof ServerToClientEvents];

/** A push whose payload is the learner's current view, read once per commit (`@PushPayloads`). */
export interface ReadPush {
  name: ReadPushName;
  userId: string;
}

export type PushFor = EmittedPush | ReadPush;

/** The pushes one committed event sends, `now` being the committing process's clock. */
export type PushRule = (event: StoredEvent, now: number) => PushFor[];

/** A stored event with the data its module's event class declares. */
export type StoredEventOf<E extends DomainEvent> = Omit<StoredEvent, 'data'> & { data: E['data'] };

/** A rule written against the module's own event class: the module knows its events' data, the catalogue does not. */
export const pushOn = <E extends DomainEvent>(rule: (event: StoredEventOf<E>, now: number) => PushFor[]): PushRule => rule as PushRule;

/** What one module pushes, by the type of its events. */
export type ModulePushes = Readonly<Record<string, PushRule>>;

/** Other tabs and devices of the learner read their current user again (e.g. close the agreement popup). */
export const refreshCurrentUser = (userId: string): PushFor[] => [{ name: 'user.updated', userId }];

/** Every open page of the learner lights or drops its New badge. */
export const refreshUnreadFlags = (userId: string): PushFor[] => [{ name: 'unread.changed', userId }];

export class PushCatalogueError extends Error {}

export interface PushPlan {
  /** In event order; a push to everyone is sent once per commit. */
  emits: EmittedPush[];
  /** Learners whose current view is pushed, once each per commit. */
  reads: Map<ReadPushName, Set<string>>;
}

/**
 * Every push sent because an event was committed, built at start from the modules' registrations
 * (`campus-registrations.ts`), besides the admins' hint (every commit, event-pushes.ts). Pushes are
 * ephemeral: a missed one is repaired by the client reading again (poll fallback, re-sync on
 * reconnect), so none of them is a durable job. Not here: `announcements.changed` at a scheduled
 * publish time (a delayed job, since nothing is committed then) and `admin.importProgress` (progress of
 * a running import, which writes no events).
 */
export class PushCatalogue {
  private readonly rules = new Map<string, PushRule>();

  /** Two modules pushing for one event type refuse to build: one owner says what its event pushes. */
  constructor(registrations: Readonly<Record<string, ModulePushes>>) {
    const owners = new Map<string, string>();
    for (const [owner, pushes] of Object.entries(registrations)) {
      for (const [eventType, rule] of Object.entries(pushes)) {
        const first = owners.get(eventType);
        if (first) throw new PushCatalogueError(`pushes for ${eventType} are registered by ${first} and by ${owner}`);
        owners.set(eventType, owner);
        this.rules.set(eventType, rule);
      }
    }
  }

  /** The event types that push something. */
  get eventTypes(): string[] {
    return [...this.rules.keys()];
  }

  /** What one commit pushes, `now` being the committing process's clock. */
  plan(events: readonly StoredEvent[], now = Date.now()): PushPlan {
    const emits: EmittedPush[] = [];
    const toEveryone = new Set<string>();
    const reads = new Map<ReadPushName, Set<string>>();
    for (const event of events) {
      for (const push of this.rules.get(event.type)?.(event, now) ?? []) {
        if ('userId' in push) {
          reads.set(push.name, (reads.get(push.name) ?? new Set()).add(push.userId));
        } else if (push.room !== null || !toEveryone.has(push.name)) {
          if (push.room === null) toEveryone.add(push.name);
          emits.push(push);
        }
      }
    }
    return { emits, reads };
  }
}
