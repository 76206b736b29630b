import {
  sendNotificationRequestSchema,
  type NotificationSegment,
  type RecipientCount,
  type RecipientCountQuery,
  type SendNotificationRequest,
  type SentNotification,
} from '@campus/contracts/admin-notifications';
import type { CertificationSlug } from '@campus/contracts/catalogue-slugs';
import { and, assign, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { submissionErrorsOf, withoutFieldError, type FieldErrors } from '../../../lib/submission-errors';
import { countRecipients } from '../api/count-recipients';
import { sendNotification } from '../api/send-notification';
import { segmentHasCourse } from '../message-target';

/**
 * A personal notification to one learner (by email) or to a group (segment, maybe one course).
 *
 *   recipients (for a group): counting ─ done ─→ counted | countFailed ── RETRY_COUNT ─→ counting
 *                             a new group or course counts again; one learner needs no count (idle).
 *   form: editing | failed ── SUBMIT (the contract's checks pass, the count is known) ─→ confirming
 *         confirming ── CANCEL ─→ editing;  CONFIRM ─→ sending ─ done ─→ sent ('N 人に送信しました')
 *                                                       └─ error ─→ failed (the field, or the form)
 *         sent ── EDIT ─→ editing (the message fields were emptied for the next one)
 *
 *   messageId: one per message. Every attempt of the same message (a retry after a lost answer)
 *   carries it, so the API delivers it at most once; a success makes a new one for the next message.
 */

export type TargetKind = 'user' | 'segment';
export type MessageField = 'email' | 'segment' | 'courseSlug' | 'title' | 'body' | 'link';
export type TextField = 'email' | 'title' | 'body' | 'link';

export interface MessageDraft {
  targetKind: TargetKind;
  email: string;
  segment: NotificationSegment;
  /** '' = every course. */
  courseSlug: CertificationSlug | '';
  title: string;
  body: string;
  link: string;
}

export interface TargetedMessageContext {
  draft: MessageDraft;
  /** For a group: how many it reaches now. */
  recipientCount: number | null;
  countError: string | null;
  fieldErrors: FieldErrors<MessageField>;
  formError: string | null;
  sentCount: number | null;
  /** Sent with every attempt of this message; renewed after a success. */
  messageId: string;
  newMessageId: () => string;
}

export interface TargetedMessageInput {
  /** Tests pass a predictable one; the page uses random UUIDs. */
  newMessageId?: () => string;
}

export type TargetedMessageEvent =
  | { type: 'SET_TARGET'; targetKind: TargetKind }
  | { type: 'SET_SEGMENT'; segment: NotificationSegment }
  | { type: 'SET_COURSE'; courseSlug: CertificationSlug | '' }
  | { type: 'EDIT'; field: TextField; value: string }
  | { type: 'RETRY_COUNT' }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export const EMPTY_MESSAGE: MessageDraft = {
  targetKind: 'user',
  email: '',
  segment: 'all-learners',
  courseSlug: '',
  title: '',
  body: '',
  link: '',
};

const API_FIELDS: Record<string, MessageField> = {
  'target.email': 'email',
  'target.segment': 'segment',
  'target.courseSlug': 'courseSlug',
  title: 'title',
  body: 'body',
  link: 'link',
};
const fieldOf = (apiField: string): MessageField | null => API_FIELDS[apiField] ?? null;

export function recipientQueryOf(draft: MessageDraft): RecipientCountQuery {
  return { segment: draft.segment, ...(segmentHasCourse(draft.segment) && draft.courseSlug ? { courseSlug: draft.courseSlug } : {}) };
}

export function requestOf(draft: MessageDraft, messageId?: string): SendNotificationRequest {
  const link = draft.link.trim();
  return {
    title: draft.title,
    body: draft.body,
    link: link === '' ? null : link,
    target: draft.targetKind === 'user' ? { kind: 'user', email: draft.email } : { kind: 'segment', ...recipientQueryOf(draft) },
    ...(messageId === undefined ? {} : { messageId }),
  };
}

/** The contract's own checks, before asking to confirm: the same messages the API would give, at once. */
export function localErrorsOf(draft: MessageDraft): FieldErrors<MessageField> {
  const result = sendNotificationRequestSchema.safeParse(requestOf(draft));
  if (result.success) return {};
  const errors: FieldErrors<MessageField> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** How many the confirmation names: one learner, or the group's count. */
export const confirmCountOf = (context: TargetedMessageContext): number =>
  context.draft.targetKind === 'user' ? 1 : (context.recipientCount ?? 0);

export const targetedMessageMachine = setup({
  types: {
    input: {} as TargetedMessageInput | undefined,
    context: {} as TargetedMessageContext,
    events: {} as TargetedMessageEvent,
  },
  actors: {
    countRecipients: fromPromise<RecipientCount, RecipientCountQuery>(({ input }) => countRecipients(input)),
    sendMessage: fromPromise<SentNotification, SendNotificationRequest>(({ input }) => sendNotification(input)),
  },
  guards: {
    // Checked before any action of the event runs: read the event, not the draft.
    toGroup: ({ event }) => event.type === 'SET_TARGET' && event.targetKind === 'segment',
    hasLocalErrors: ({ context }) => Object.keys(localErrorsOf(context.draft)).length > 0,
    countPending: and([({ context }) => context.draft.targetKind === 'segment', not(stateIn({ recipients: 'counted' }))]),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      return { draft: { ...context.draft, [event.field]: event.value }, fieldErrors: withoutFieldError(context.fieldErrors, event.field) };
    }),
    setTarget: assign(({ context, event }) => {
      if (event.type !== 'SET_TARGET') return {};
      return { draft: { ...context.draft, targetKind: event.targetKind }, fieldErrors: withoutFieldError<MessageField>(withoutFieldError<MessageField>(context.fieldErrors, 'email'), 'segment') };
    }),
    setSegment: assign(({ context, event }) => {
      if (event.type !== 'SET_SEGMENT') return {};
      return { draft: { ...context.draft, segment: event.segment }, fieldErrors: withoutFieldError(context.fieldErrors, 'segment') };
    }),
    setCourse: assign(({ context, event }) => {
      if (event.type !== 'SET_COURSE') return {};
      return { draft: { ...context.draft, courseSlug: event.courseSlug }, fieldErrors: withoutFieldError(context.fieldErrors, 'courseSlug') };
    }),
  },
}).createMachine({
  id: 'targetedMessage',
  context: ({ input }) => {
    const newMessageId = input?.newMessageId ?? (() => crypto.randomUUID());
    return { draft: EMPTY_MESSAGE, recipientCount: null, countError: null, fieldErrors: {}, formError: null, sentCount: null, messageId: newMessageId(), newMessageId };
  },
  type: 'parallel',
  states: {
    recipients: {
      initial: 'idle',
      on: {
        SET_TARGET: [{ guard: 'toGroup', target: '.counting' }, { target: '.idle' }],
        SET_SEGMENT: { target: '.counting' },
        SET_COURSE: { target: '.counting' },
      },
      states: {
        /** One learner: nothing to count. */
        idle: {},
        counting: {
          entry: assign({ recipientCount: null, countError: null }),
          invoke: {
            src: 'countRecipients',
            input: ({ context }) => recipientQueryOf(context.draft),
            onDone: { target: 'counted', actions: assign({ recipientCount: ({ event }) => event.output.recipientCount }) },
            onError: { target: 'countFailed', actions: assign({ countError: ({ event }) => errorMessageOf(event.error) }) },
          },
        },
        counted: {},
        countFailed: {
          on: { RETRY_COUNT: { target: 'counting' } },
        },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SET_TARGET: { actions: 'setTarget' },
            SET_SEGMENT: { actions: 'setSegment' },
            SET_COURSE: { actions: 'setCourse' },
            EDIT: { actions: 'edit' },
            SUBMIT: [
              {
                guard: 'hasLocalErrors',
                target: 'failed',
                actions: assign(({ context }) => ({ fieldErrors: localErrorsOf(context.draft), formError: null })),
              },
              { guard: 'countPending' },
              { target: 'confirming', actions: assign({ formError: null, sentCount: null }) },
            ],
          },
        },
        failed: {
          on: {
            SET_TARGET: { target: 'editing', actions: 'setTarget' },
            SET_SEGMENT: { target: 'editing', actions: 'setSegment' },
            SET_COURSE: { target: 'editing', actions: 'setCourse' },
            EDIT: { target: 'editing', actions: 'edit' },
            SUBMIT: [
              {
                guard: 'hasLocalErrors',
                target: 'failed',
                reenter: true,
                actions: assign(({ context }) => ({ fieldErrors: localErrorsOf(context.draft), formError: null })),
              },
              { guard: 'countPending' },
              { target: 'confirming', actions: assign({ formError: null }) },
            ],
          },
        },
        confirming: {
          on: { CONFIRM: { target: 'sending' }, CANCEL: { target: 'editing' } },
        },
        sending: {
          invoke: {
            src: 'sendMessage',
            input: ({ context }) => requestOf(context.draft, context.messageId),
            onDone: {
              target: 'sent',
              actions: assign(({ context, event }) => ({
                sentCount: event.output.recipientCount,
                // Ready for the next message to the same recipients; the result stays on screen.
                draft: { ...context.draft, title: '', body: '', link: '' },
                fieldErrors: {},
                // That message is delivered: the next one must not be taken for a retry of it.
                messageId: context.newMessageId(),
              })),
            },
            onError: { target: 'failed', actions: assign(({ event }) => submissionErrorsOf(event.error, fieldOf)) },
          },
        },
        sent: {
          on: {
            SET_TARGET: { target: 'editing', actions: 'setTarget' },
            SET_SEGMENT: { target: 'editing', actions: 'setSegment' },
            SET_COURSE: { target: 'editing', actions: 'setCourse' },
            EDIT: { target: 'editing', actions: 'edit' },
          },
        },
      },
    },
  },
});

export type TargetedMessageSnapshot = SnapshotFrom<typeof targetedMessageMachine>;

export type MessagePhase = 'editing' | 'confirming' | 'sending' | 'sent';

export function selectMessagePhase(snapshot: TargetedMessageSnapshot): MessagePhase {
  if (snapshot.matches({ form: 'confirming' })) return 'confirming';
  if (snapshot.matches({ form: 'sending' })) return 'sending';
  if (snapshot.matches({ form: 'sent' })) return 'sent';
  return 'editing';
}

export type RecipientsPhase = 'none' | 'counting' | 'counted' | 'countFailed';

export function selectRecipientsPhase(snapshot: TargetedMessageSnapshot): RecipientsPhase {
  if (snapshot.matches({ recipients: 'counting' })) return 'counting';
  if (snapshot.matches({ recipients: 'counted' })) return 'counted';
  if (snapshot.matches({ recipients: 'countFailed' })) return 'countFailed';
  return 'none';
}
