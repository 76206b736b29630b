import type {
  AdminAnnouncement,
  PublishAnnouncementRequest,
  UpdateAnnouncementRequest,
} from '@campus/contracts/announcements';
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { submissionErrorsOf, withoutFieldError, type FieldErrors } from '../../../lib/submission-errors';
import { getAnnouncement } from '../api/get-announcement';
import { publishAnnouncement } from '../api/publish-announcement';
import { unpublishAnnouncement } from '../api/unpublish-announcement';
import { updateAnnouncement } from '../api/update-announcement';
import { tokyoIsoOf, tokyoLocalInputOf } from '@campus/contracts/tokyo-date';

/**
 * The announcement editor (new, or an existing one by id).
 *
 *   starting ─ new ─→ editing
 *            └ id ──→ loading ─ done ─→ editing (withdrawn: closed, read only)
 *                        └─ error ─→ loadFailed ── RETRY ─→ loading
 *
 *   form (editing | failed) ── EDIT / SET_MODE (clears that field's error) ─→ form.editing
 *        ── SUBMIT ─→ submitting ─ done ─→ saved (emits `saved`)
 *                         └─ error ─→ form.failed (field errors from the API's 400, or one for the form)
 *        ── UNPUBLISH ─→ confirmingUnpublish ── CANCEL ─→ form
 *                              └─ CONFIRM ─→ unpublishing ─ done ─→ saved
 *                                                 └─ error ─→ form.failed
 *
 * Nothing typed is lost on a failure: the draft stays as it was.
 * "Now" is always the server's: 今すぐ omits publishAt on a new one and sends null on a waiting one.
 */

export type PublishMode = 'now' | 'scheduled';
export type AnnouncementField = 'title' | 'body' | 'link' | 'publishAt';
export type EditableField = 'title' | 'body' | 'link' | 'publishAtLocal';

export interface AnnouncementDraft {
  title: string;
  body: string;
  link: string;
  publishMode: PublishMode;
  /** The datetime-local value, Japan time. */
  publishAtLocal: string;
  /** A new announcement only: also mailed to the learners who chose お知らせ (when it goes live). */
  mail: boolean;
}

/** What the admin did, for the notice on the list. */
export type EditorOutcome = 'published' | 'scheduled' | 'saved' | 'unpublished';

export interface AnnouncementEditorContext {
  announcementId: string | null;
  original: AdminAnnouncement | null;
  draft: AnnouncementDraft;
  /** The admin changed the date input: only then is an existing one's publishAt sent (the input drops seconds). */
  publishAtEdited: boolean;
  fieldErrors: FieldErrors<AnnouncementField>;
  formError: string | null;
  loadError: string | null;
  outcome: EditorOutcome | null;
}

export type AnnouncementEditorEvent =
  | { type: 'EDIT'; field: EditableField; value: string }
  | { type: 'SET_MODE'; mode: PublishMode }
  | { type: 'SET_MAIL'; mail: boolean }
  | { type: 'SUBMIT' }
  | { type: 'UNPUBLISH' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export type AnnouncementEditorEmitted = { type: 'saved'; outcome: EditorOutcome };

export type SaveInput =
  | { kind: 'publish'; request: PublishAnnouncementRequest }
  | { kind: 'update'; announcementId: string; request: UpdateAnnouncementRequest };

export const EMPTY_DRAFT: AnnouncementDraft = { title: '', body: '', link: '', publishMode: 'now', publishAtLocal: '', mail: false };

export const PUBLISH_AT_REQUIRED = '公開日時を入力してください';

export const EDITOR_OUTCOME_MESSAGES: Record<EditorOutcome, string> = {
  published: 'お知らせを公開しました。',
  scheduled: 'お知らせを予約しました。',
  saved: 'お知らせを保存しました。',
  unpublished: 'お知らせを取り下げました。',
};

const API_FIELDS: Record<string, AnnouncementField> = { title: 'title', body: 'body', link: 'link', publishAt: 'publishAt' };
const fieldOf = (apiField: string): AnnouncementField | null => API_FIELDS[apiField] ?? null;

export function draftOf(announcement: AdminAnnouncement): AnnouncementDraft {
  const scheduled = announcement.status === 'scheduled';
  return {
    title: announcement.title,
    body: announcement.body,
    link: announcement.link ?? '',
    publishMode: scheduled ? 'scheduled' : 'now',
    publishAtLocal: scheduled ? tokyoLocalInputOf(announcement.publishAt) : '',
    mail: false,
  };
}

/** Whether the publication date may still be chosen: a new announcement, or one still waiting. */
export const canSchedule = (original: AdminAnnouncement | null): boolean => original === null || original.status === 'scheduled';

/**
 * The request the editor sends for its draft. Never the browser's clock: 今すぐ is "no date" for a new
 * one and `null` for a waiting one (the server publishes it by its own clock).
 */
export function saveInputOf(context: Pick<AnnouncementEditorContext, 'original' | 'draft' | 'publishAtEdited'>): SaveInput {
  const { original, draft, publishAtEdited } = context;
  const fields = { title: draft.title, body: draft.body, link: draft.link.trim() === '' ? null : draft.link.trim() };
  const scheduledAt = draft.publishMode === 'scheduled' ? (tokyoIsoOf(draft.publishAtLocal) ?? undefined) : undefined;
  if (original === null) return { kind: 'publish', request: { ...fields, ...(scheduledAt ? { publishAt: scheduledAt } : {}), ...(draft.mail ? { mail: true } : {}) } };
  if (original.status !== 'scheduled') return { kind: 'update', announcementId: original.announcementId, request: fields };
  const { announcementId } = original;
  if (draft.publishMode === 'now') return { kind: 'update', announcementId, request: { ...fields, publishAt: null } };
  // Untouched, the minute-rounded input must not move it: omitted, the stored date stays.
  return { kind: 'update', announcementId, request: { ...fields, ...(publishAtEdited && scheduledAt ? { publishAt: scheduledAt } : {}) } };
}

/** What the submission does: a new one is published or scheduled; a waiting one brought to 今すぐ goes live. */
export function outcomeOf({ original, draft }: Pick<AnnouncementEditorContext, 'original' | 'draft'>): EditorOutcome {
  if (original === null) return draft.publishMode === 'scheduled' ? 'scheduled' : 'published';
  return canSchedule(original) && draft.publishMode === 'now' ? 'published' : 'saved';
}

export const announcementEditorMachine = setup({
  types: {
    input: {} as { announcementId: string | null },
    context: {} as AnnouncementEditorContext,
    events: {} as AnnouncementEditorEvent,
    emitted: {} as AnnouncementEditorEmitted,
  },
  actors: {
    loadAnnouncement: fromPromise<AdminAnnouncement, { announcementId: string }>(({ input }) => getAnnouncement(input.announcementId)),
    saveAnnouncement: fromPromise<unknown, SaveInput>(({ input }) =>
      input.kind === 'publish' ? publishAnnouncement(input.request) : updateAnnouncement(input.announcementId, input.request),
    ),
    unpublishAnnouncement: fromPromise<AdminAnnouncement, { announcementId: string }>(({ input }) => unpublishAnnouncement(input.announcementId)),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      return {
        draft: { ...context.draft, [event.field]: event.value },
        publishAtEdited: context.publishAtEdited || event.field === 'publishAtLocal',
        fieldErrors: withoutFieldError(context.fieldErrors, event.field === 'publishAtLocal' ? 'publishAt' : event.field),
      };
    }),
    setMode: assign(({ context, event }) => {
      if (event.type !== 'SET_MODE') return {};
      return { draft: { ...context.draft, publishMode: event.mode }, fieldErrors: withoutFieldError(context.fieldErrors, 'publishAt') };
    }),
  },
  guards: {
    isExisting: ({ context }) => context.announcementId !== null,
    isWithdrawn: ({ context }) => context.original?.status === 'unpublished',
    maySchedule: ({ context }) => canSchedule(context.original),
    mayUnpublish: ({ context }) => context.original !== null && context.original.status !== 'unpublished',
    publishAtMissing: ({ context }) =>
      canSchedule(context.original) && context.draft.publishMode === 'scheduled' && tokyoIsoOf(context.draft.publishAtLocal) === null,
  },
}).createMachine({
  id: 'announcementEditor',
  context: ({ input }) => ({
    announcementId: input.announcementId,
    original: null,
    draft: EMPTY_DRAFT,
    publishAtEdited: false,
    fieldErrors: {},
    formError: null,
    loadError: null,
    outcome: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isExisting', target: 'loading' }, { target: 'form' }],
    },
    loading: {
      invoke: {
        src: 'loadAnnouncement',
        input: ({ context }) => ({ announcementId: context.announcementId ?? '' }),
        onDone: {
          target: 'loaded',
          actions: assign({ original: ({ event }) => event.output, draft: ({ event }) => draftOf(event.output), publishAtEdited: false, loadError: null }),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    loaded: {
      always: [{ guard: 'isWithdrawn', target: 'closed' }, { target: 'form' }],
    },
    loadFailed: {
      on: { RETRY: { target: 'loading' } },
    },
    /** Withdrawn: the API refuses edits, so the form only shows what it was. */
    closed: {},
    form: {
      initial: 'editing',
      on: {
        EDIT: { target: '.editing', actions: 'edit' },
        SET_MODE: { guard: 'maySchedule', target: '.editing', actions: 'setMode' },
        SET_MAIL: { guard: ({ context }) => context.original === null, actions: assign(({ context, event }) => ({ draft: { ...context.draft, mail: event.mail } })) },
        SUBMIT: [
          {
            guard: 'publishAtMissing',
            target: '.failed',
            actions: assign(({ context }) => ({ fieldErrors: { ...context.fieldErrors, publishAt: PUBLISH_AT_REQUIRED }, formError: null })),
          },
          { target: 'submitting' },
        ],
        UNPUBLISH: { guard: 'mayUnpublish', target: 'confirmingUnpublish' },
      },
      states: {
        editing: {},
        /** The last attempt failed: its messages show until the fields are edited. */
        failed: {},
      },
    },
    submitting: {
      entry: assign({ formError: null }),
      invoke: {
        src: 'saveAnnouncement',
        input: ({ context }) => saveInputOf(context),
        onDone: {
          target: 'saved',
          actions: [assign({ outcome: ({ context }) => outcomeOf(context) }), emit(({ context }) => ({ type: 'saved', outcome: outcomeOf(context) }))],
        },
        onError: {
          target: 'form.failed',
          actions: assign(({ event }) => submissionErrorsOf(event.error, fieldOf)),
        },
      },
    },
    confirmingUnpublish: {
      on: { CONFIRM: { target: 'unpublishing' }, CANCEL: { target: 'form' } },
    },
    unpublishing: {
      invoke: {
        src: 'unpublishAnnouncement',
        input: ({ context }) => ({ announcementId: context.original?.announcementId ?? '' }),
        onDone: {
          target: 'saved',
          actions: [assign({ outcome: 'unpublished' as const }), emit({ type: 'saved', outcome: 'unpublished' as const })],
        },
        onError: { target: 'form.failed', actions: assign({ fieldErrors: {}, formError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    saved: { type: 'final' },
  },
});

export type AnnouncementEditorSnapshot = SnapshotFrom<typeof announcementEditorMachine>;

export const selectDraft = (snapshot: AnnouncementEditorSnapshot) => snapshot.context.draft;
export const selectOriginal = (snapshot: AnnouncementEditorSnapshot) => snapshot.context.original;
export const selectFieldErrors = (snapshot: AnnouncementEditorSnapshot) => snapshot.context.fieldErrors;
export const selectFormError = (snapshot: AnnouncementEditorSnapshot) => snapshot.context.formError;
export const selectLoadError = (snapshot: AnnouncementEditorSnapshot) => snapshot.context.loadError;

export type EditorPhase = 'loading' | 'loadFailed' | 'closed' | 'editing' | 'submitting' | 'confirming' | 'unpublishing' | 'saved';

export function selectEditorPhase(snapshot: AnnouncementEditorSnapshot): EditorPhase {
  if (snapshot.matches('starting') || snapshot.matches('loading') || snapshot.matches('loaded')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('closed')) return 'closed';
  if (snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches('confirmingUnpublish')) return 'confirming';
  if (snapshot.matches('unpublishing')) return 'unpublishing';
  if (snapshot.matches('saved')) return 'saved';
  return 'editing';
}
