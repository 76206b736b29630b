import type { AdminAnnouncementPage } from '@campus/contracts/announcements';
import { FEED_PAGE_SIZE } from '@campus/contracts/notifications';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { listAnnouncements } from '../api/list-announcements';

/**
 * One page (20) of the admin's announcement list.
 *
 *   loading ─ done ─→ ready
 *      └── error ─→ failed ── RETRY ─→ loading
 */

export interface AnnouncementListContext {
  page: number;
  result: AdminAnnouncementPage | null;
  error: string | null;
}

export const announcementListMachine = setup({
  types: {
    input: {} as { page: number },
    context: {} as AnnouncementListContext,
    events: {} as { type: 'RETRY' },
  },
  actors: {
    loadPage: fromPromise<AdminAnnouncementPage, { offset: number }>(({ input }) => listAnnouncements({ offset: input.offset })),
  },
}).createMachine({
  id: 'announcementList',
  context: ({ input }) => ({ page: input.page, result: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ offset: (context.page - 1) * FEED_PAGE_SIZE }),
        onDone: { target: 'ready', actions: assign({ result: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    ready: {},
    failed: {
      on: { RETRY: { target: 'loading' } },
    },
  },
});

export type AnnouncementListSnapshot = SnapshotFrom<typeof announcementListMachine>;

export const pageCountOf = (total: number): number => Math.max(1, Math.ceil(total / FEED_PAGE_SIZE));
