import { z } from 'zod';

/** A domain event as admins see it, live (`admin.events`, in batches) and in the history. */
export const adminEventViewSchema = z
  .object({
    seq: z.number().int(),
    type: z.string(),
    streamType: z.string(),
    streamId: z.string(),
    actorId: z.string().nullable(),
    /** The learner the event concerns: its actor, else the `userId` in its data, else the user stream it belongs to. */
    userId: z.string().nullable(),
    occurredAt: z.string(),
    data: z.unknown(),
  })
  .meta({ id: 'AdminEvent' });

export const ADMIN_EVENT_PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** History is read newest first, `before` a `seq` (the cursor of the previous page). */
export const adminEventQuerySchema = z
  .object({
    before: z.coerce.number('before は数値で指定してください').int('before は整数で指定してください').min(1, 'before は 1 以上で指定してください').optional(),
    limit: z.coerce.number('limit は数値で指定してください').int('limit は整数で指定してください').min(1, 'limit は 1 以上で指定してください').max(200, 'limit は 200 以下で指定してください').default(ADMIN_EVENT_PAGE_SIZE),
    type: z.string().trim().max(100, 'type は 100 文字以内で指定してください').regex(/^[A-Za-z]*$/, 'type はイベント名（英字）で指定してください').optional(),
    userId: z.string().trim().regex(UUID, 'userId は UUID で指定してください').optional(),
  })
  .meta({ id: 'AdminEventQuery' });

export const adminEventPageSchema = z
  .object({
    items: z.array(adminEventViewSchema),
    /** Pass as `before` for the next (older) page; null when there is none. */
    nextBefore: z.number().int().nullable(),
  })
  .meta({ id: 'AdminEventPage' });

/** Event types that have occurred, for the filter. */
export const adminEventTypesSchema = z.object({ types: z.array(z.string()) }).meta({ id: 'AdminEventTypes' });

export type AdminEventView = z.infer<typeof adminEventViewSchema>;
export type AdminEventQuery = z.infer<typeof adminEventQuerySchema>;
export type AdminEventPage = z.infer<typeof adminEventPageSchema>;
export type AdminEventTypes = z.infer<typeof adminEventTypesSchema>;
