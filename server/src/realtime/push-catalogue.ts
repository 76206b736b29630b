import type { ExamResult } from '../contracts/exams.js';
import { type ServerToClientEvents, userRoom } from '../contracts/realtime.js';
import type { StoredEvent } from '../database/event-store.js';
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

type PushFor = EmittedPush | ReadPush;

/**
 * The fields the catalogue reads of each event's data. The catalogue lives with the relay, which may not
 * import the modules; the unit tests hold each event type to its push. Fields added to an event later are
 * optional: an older event still relayed is pushed without them, or not at all.
 */
interface PushedEventData {
  ExamExpired: { userId?: string; courseSlug?: string };
  ExamGraded: { userId: string; passed: boolean; courseSlug?: string; result?: ExamResult };
  CertificateIssued: { userId: string; certificateId: string; slug: string; courseSlug: string };
  NotificationCreated: { userId: string };
  NotificationsRead: { userId: string };
  AnnouncementsRead: { userId: string };
  AnnouncementPublished: { publishAt: string };
  AnnouncementEdited: { publishAt: string };
}

const dataOf = <T extends keyof PushedEventData>(event: StoredEvent) => event.data as PushedEventData[T];

const currentUser = (event: StoredEvent): PushFor[] => [{ name: 'user.updated', userId: event.streamId }];

const unreadFlagsOf = (event: StoredEvent): PushFor[] => [{ name: 'unread.changed', userId: (event.data as { userId: string }).userId }];

/**
 * Live by the time it is pushed: every page refetches its flags. One published for later is pushed by its
 * delayed job (a relay running late may push it too: a second refetch, harmless).
 */
const announcementIfLive = (event: StoredEvent, now: number): PushFor[] =>
  Date.parse(dataOf<'AnnouncementPublished'>(event).publishAt) <= now ? [{ room: null, name: 'announcements.changed', args: [] }] : [];

/**
 * Every push sent because an event was committed, by event type, besides the admins' hint (every commit, event-pushes.ts).
 * Pushes are ephemeral: a missed one is repaired by the client reading again (poll fallback, re-sync on
 * reconnect), so none of them is a durable job. Not here: `announcements.changed` at a scheduled publish
 * time (a delayed job, since nothing is committed then) and `admin.importProgress` (progress of a running
 * import, which writes no events).
 */
export const PUSH_CATALOGUE: Readonly<Record<string, (event: StoredEvent, now: number) => PushFor[]>> = {
  // The open exam page shows the time-up notice (its own countdown reaches zero anyway).
  ExamExpired: (event) => {
    const { userId, courseSlug } = dataOf<'ExamExpired'>(event);
    return userId && courseSlug ? [{ room: userRoom(userId), name: 'exam.timeUp', args: [{ examSessionId: event.streamId, courseSlug }] }] : [];
  },
  // The result page shows the result it carries, without asking again.
  ExamGraded: (event) => {
    const { userId, passed, courseSlug, result } = dataOf<'ExamGraded'>(event);
    const payload = { examSessionId: event.streamId, courseSlug: courseSlug ?? result?.courseSlug ?? '', passed, result: result ?? null };
    return [{ room: userRoom(userId), name: 'exam.graded', args: [payload] }];
  },
  CertificateIssued: (event) => {
    const { userId, certificateId, slug, courseSlug } = dataOf<'CertificateIssued'>(event);
    return [{ room: userRoom(userId), name: 'certificate.issued', args: [{ certificateId, slug, courseSlug }] }];
  },
  // Other tabs and devices refresh their user (e.g. close the agreement popup).
  AgreementAccepted: currentUser,
  ProfileUpdated: currentUser,
  CloudCampusBadgesMigrated: currentUser,
  // Every open page of the learner lights or drops its New badge.
  NotificationCreated: unreadFlagsOf,
  NotificationsRead: unreadFlagsOf,
  AnnouncementsRead: unreadFlagsOf,
  AnnouncementPublished: announcementIfLive,
  AnnouncementEdited: announcementIfLive,
  AnnouncementUnpublished: () => [{ room: null, name: 'announcements.changed', args: [] }],
};

export interface PushPlan {
  /** In event order; a push to everyone is sent once per commit. */
  emits: EmittedPush[];
  /** Learners whose current view is pushed, once each per commit. */
  reads: Map<ReadPushName, Set<string>>;
}

/** What one commit pushes, `now` being the committing process's clock. */
export function planPushes(events: readonly StoredEvent[], now = Date.now()): PushPlan {
  const emits: EmittedPush[] = [];
  const toEveryone = new Set<string>();
  const reads = new Map<ReadPushName, Set<string>>();
  for (const event of events) {
    for (const push of PUSH_CATALOGUE[event.type]?.(event, now) ?? []) {
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
