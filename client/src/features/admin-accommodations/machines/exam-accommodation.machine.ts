import {
  examAccommodationRequestSchema,
  learnerAccommodationQuerySchema,
  type ExamAccommodationRequest,
  type LearnerAccommodation,
} from '@campus/contracts/exam-accommodations';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { submissionErrorsOf, withoutFieldError, type FieldErrors } from '../../../lib/submission-errors';
import { findLearnerAccommodation } from '../api/find-learner-accommodation';
import { grantExamAccommodation } from '../api/grant-exam-accommodation';
import { withdrawExamAccommodation } from '../api/withdraw-exam-accommodation';

/**
 * An admin looks a learner up by e-mail, then grants them extra exam time or withdraws it.
 *
 *   searching ── SEARCH (a well-formed address) ─→ looking ─ done ─→ ready (the learner and their grant)
 *                                                         └ error ─→ searching (見つかりません next to the field)
 *   ready ── SUBMIT (the contract's checks pass) ─→ granting ─→ ready (新しい内容, or the field to fix)
 *         ── WITHDRAW ─→ withdrawing ─→ ready;   SEARCH ─→ looking (another learner)
 */

export type AccommodationUnit = 'minutes' | 'percent';
export type AccommodationField = 'email' | 'amount' | 'endsOn' | 'note';
export type DraftField = 'amount' | 'endsOn' | 'note';

export interface AccommodationDraft {
  unit: AccommodationUnit;
  /** As typed: whole minutes or a percentage. */
  amount: string;
  /** YYYY-MM-DD from the date input, '' for no end. */
  endsOn: string;
  note: string;
}

export interface ExamAccommodationContext {
  email: string;
  learner: LearnerAccommodation | null;
  draft: AccommodationDraft;
  fieldErrors: FieldErrors<AccommodationField>;
  formError: string | null;
  /** What the last change did, for the status line. */
  notice: string | null;
}

export type ExamAccommodationEvent =
  | { type: 'EDIT_EMAIL'; value: string }
  | { type: 'SEARCH' }
  | { type: 'SET_UNIT'; unit: AccommodationUnit }
  | { type: 'EDIT'; field: DraftField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'WITHDRAW' };

export const EMPTY_DRAFT: AccommodationDraft = { unit: 'minutes', amount: '', endsOn: '', note: '' };
export const GRANTED_NOTICE = '試験時間の延長を登録しました。これから開始する試験に適用されます。';
export const WITHDRAWN_NOTICE = '試験時間の延長を取り消しました。これから開始する試験は通常の制限時間です。';

const API_FIELDS: Record<string, AccommodationField> = { email: 'email', extraMinutes: 'amount', extraPercent: 'amount', endsOn: 'endsOn', note: 'note' };
const fieldOf = (apiField: string): AccommodationField | null => API_FIELDS[apiField] ?? null;

export function requestOf(draft: AccommodationDraft): ExamAccommodationRequest {
  const amount = draft.amount.trim() === '' ? null : Number(draft.amount);
  return {
    extraMinutes: draft.unit === 'minutes' ? amount : null,
    extraPercent: draft.unit === 'percent' ? amount : null,
    endsOn: draft.endsOn === '' ? null : draft.endsOn,
    note: draft.note,
  };
}

/** The form filled with the grant in force, so that a change starts from it. */
export function draftOf(learner: LearnerAccommodation): AccommodationDraft {
  const grant = learner.accommodation;
  if (!grant) return EMPTY_DRAFT;
  return {
    unit: grant.extraPercent !== null ? 'percent' : 'minutes',
    amount: String(grant.extraPercent ?? grant.extraMinutes ?? ''),
    endsOn: grant.endsOn ?? '',
    note: grant.note,
  };
}

/** The contract's own checks, before sending: the same messages the API would give, at once. */
export function localErrorsOf(draft: AccommodationDraft): FieldErrors<AccommodationField> {
  const result = examAccommodationRequestSchema.safeParse(requestOf(draft));
  if (result.success) return {};
  const errors: FieldErrors<AccommodationField> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(String(issue.path[0] ?? ''));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const emailErrorOf = (email: string): string | null => {
  const result = learnerAccommodationQuerySchema.safeParse({ email });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

/** After a change: the learner as the server now has them, the form refilled from it. */
const changedTo = (learner: LearnerAccommodation, notice: string) => ({ learner, draft: draftOf(learner), fieldErrors: {}, formError: null, notice });

export const examAccommodationMachine = setup({
  types: {
    context: {} as ExamAccommodationContext,
    events: {} as ExamAccommodationEvent,
  },
  actors: {
    find: fromPromise<LearnerAccommodation, string>(({ input }) => findLearnerAccommodation(input)),
    grant: fromPromise<LearnerAccommodation, { userId: string; request: ExamAccommodationRequest }>(({ input }) => grantExamAccommodation(input.userId, input.request)),
    withdraw: fromPromise<LearnerAccommodation, string>(({ input }) => withdrawExamAccommodation(input)),
  },
  guards: {
    emailInvalid: ({ context }) => emailErrorOf(context.email) !== null,
    draftInvalid: ({ context }) => Object.keys(localErrorsOf(context.draft)).length > 0,
  },
  actions: {
    editEmail: assign(({ context, event }) => (event.type === 'EDIT_EMAIL' ? { email: event.value, fieldErrors: withoutFieldError(context.fieldErrors, 'email') } : {})),
    showEmailError: assign(({ context }) => ({ fieldErrors: { email: emailErrorOf(context.email) ?? undefined }, formError: null })),
  },
}).createMachine({
  id: 'examAccommodation',
  context: { email: '', learner: null, draft: EMPTY_DRAFT, fieldErrors: {}, formError: null, notice: null },
  initial: 'searching',
  on: {
    EDIT_EMAIL: { actions: 'editEmail' },
  },
  states: {
    searching: {
      on: {
        SEARCH: [{ guard: 'emailInvalid', actions: 'showEmailError' }, { target: 'looking' }],
      },
    },
    looking: {
      entry: assign({ fieldErrors: {}, formError: null, notice: null }),
      invoke: {
        src: 'find',
        input: ({ context }) => context.email.trim(),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ learner: event.output, draft: draftOf(event.output) })) },
        onError: { target: 'searching', actions: assign(({ event }) => ({ learner: null, ...submissionErrorsOf(event.error, fieldOf) })) },
      },
    },
    ready: {
      on: {
        SEARCH: [{ guard: 'emailInvalid', actions: 'showEmailError' }, { target: 'looking' }],
        SET_UNIT: { actions: assign(({ context, event }) => ({ draft: { ...context.draft, unit: event.unit }, fieldErrors: withoutFieldError(context.fieldErrors, 'amount') })) },
        EDIT: { actions: assign(({ context, event }) => ({ draft: { ...context.draft, [event.field]: event.value }, fieldErrors: withoutFieldError(context.fieldErrors, event.field) })) },
        SUBMIT: [
          { guard: 'draftInvalid', actions: assign(({ context }) => ({ fieldErrors: localErrorsOf(context.draft), formError: null, notice: null })) },
          { target: 'granting' },
        ],
        WITHDRAW: { target: 'withdrawing' },
      },
    },
    granting: {
      entry: assign({ formError: null, notice: null }),
      invoke: {
        src: 'grant',
        input: ({ context }) => ({ userId: context.learner!.learner.userId, request: requestOf(context.draft) }),
        onDone: { target: 'ready', actions: assign(({ event }) => changedTo(event.output, GRANTED_NOTICE)) },
        onError: { target: 'ready', actions: assign(({ event }) => submissionErrorsOf(event.error, fieldOf)) },
      },
    },
    withdrawing: {
      entry: assign({ formError: null, notice: null }),
      invoke: {
        src: 'withdraw',
        input: ({ context }) => context.learner!.learner.userId,
        onDone: { target: 'ready', actions: assign(({ event }) => changedTo(event.output, WITHDRAWN_NOTICE)) },
        onError: { target: 'ready', actions: assign(({ event }) => submissionErrorsOf(event.error, fieldOf)) },
      },
    },
  },
});

export type ExamAccommodationSnapshot = SnapshotFrom<typeof examAccommodationMachine>;

export type AccommodationPhase = 'searching' | 'looking' | 'ready' | 'granting' | 'withdrawing';

export const selectPhase = (snapshot: ExamAccommodationSnapshot): AccommodationPhase => snapshot.value as AccommodationPhase;
