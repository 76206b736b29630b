import {
  printedNameOf,
  unprintableNameMessage,
  updateProfileSchema,
  type CurrentUser,
  type MyProfile,
  type PrintableNameResult,
  type UpdateProfile,
} from '@campus/contracts/current-user';
import { assign, cancel, emit, fromPromise, raise, setup, spawnChild, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../../lib/api-client';
import { submissionErrorsOf, withoutFieldError, type FieldErrors } from '../../../lib/submission-errors';
import { checkPrintableName } from '../api/check-printable-name';
import { getMyProfile } from '../api/get-my-profile';
import { updateProfile } from '../api/update-profile';

/**
 * The profile form (/mypage/profile/edit).
 *
 *   loading ─ done ─→ editing ── SUBMIT ─┬─ a field is wrong (checked here) → editing (messages, `invalid`)
 *      └ error → loadFailed ── RETRY ↑   └→ submitting ─ done ─→ saved (emits `saved` with the new user)
 *                                              └─ error ─→ editing (a 400 on its field; others: the app's popup)
 *
 *   EDIT of a name ── 400 ms quiet ──→ check-is-printable-name (spawned; an answer for an older text is dropped)
 *
 * Nothing typed is lost on a failure: the draft stays. A second SUBMIT while saving is ignored.
 */

export type ProfileField = keyof UpdateProfile;
export type ProfileDraft = UpdateProfile;
type PrintedField = 'lastName' | 'firstName';

/** The quiet after the last keystroke before the name is checked against the certificate font. */
export const PRINT_CHECK_DELAY_MS = 400;
const PRINT_CHECK = 'printCheck';

export const PROFILE_FIELDS: readonly ProfileField[] = ['lastName', 'firstName', 'lastNameKana', 'firstNameKana', 'email'];
const PRINTED_FIELDS: readonly PrintedField[] = ['lastName', 'firstName'];
const isPrintedField = (field: ProfileField): field is PrintedField => (PRINTED_FIELDS as readonly string[]).includes(field);

export interface PrintCheck {
  names: Pick<ProfileDraft, PrintedField>;
  result: PrintableNameResult;
}

export interface ProfileEditorContext {
  draft: ProfileDraft;
  /** Whether a profile was registered before this form: 登録 or 編集. */
  hadProfile: boolean;
  fieldErrors: FieldErrors<ProfileField>;
  /** Characters of each printed name the certificate font lacks, from the last check that still applies. */
  unprintable: Record<PrintedField, string[]>;
  formError: string | null;
}

export type ProfileEditorEvent =
  | { type: 'EDIT'; field: ProfileField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'PRINT_CHECK_DUE' };

export type ProfileEditorEmitted =
  | { type: 'saved'; user: CurrentUser }
  /** Messages appeared after SUBMIT: the page moves focus to the first field in error. */
  | { type: 'invalid' };

const EMPTY_DRAFT: ProfileDraft = { lastName: '', firstName: '', lastNameKana: '', firstNameKana: '', email: '' };
const NOTHING_UNPRINTABLE: Record<PrintedField, string[]> = { lastName: [], firstName: [] };

export const draftOf = (profile: MyProfile): ProfileDraft => ({
  lastName: profile.lastName,
  firstName: profile.firstName,
  lastNameKana: profile.lastNameKana,
  firstNameKana: profile.firstNameKana,
  email: profile.email,
});

/** The messages a field shows: the form's own or the server's, else the font check's. */
export function fieldErrorsOf(context: Pick<ProfileEditorContext, 'fieldErrors' | 'unprintable'>): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = { ...context.fieldErrors };
  for (const field of PRINTED_FIELDS) {
    const characters = context.unprintable[field];
    if (!errors[field] && characters.length > 0) errors[field] = unprintableNameMessage(characters);
  }
  return errors;
}

/** What the schema the server applies says of the draft, first message per field. */
function draftErrorsOf(draft: ProfileDraft): FieldErrors<ProfileField> {
  const parsed = updateProfileSchema.safeParse(draft);
  if (parsed.success) return {};
  const errors: FieldErrors<ProfileField> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ProfileField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The font check's characters that are still in the (edited) name: an old answer never blames a removed character. */
const stillPresent = (characters: readonly string[], value: string) => characters.filter((character) => value.includes(character));

const fieldOf = (apiField: string): ProfileField | null => ((PROFILE_FIELDS as readonly string[]).includes(apiField) ? (apiField as ProfileField) : null);

export const profileEditorMachine = setup({
  types: {
    context: {} as ProfileEditorContext,
    events: {} as ProfileEditorEvent,
    emitted: {} as ProfileEditorEmitted,
  },
  actors: {
    loadProfile: fromPromise<MyProfile>(() => getMyProfile()),
    // One call for the name as printed; each character found is then blamed on the field that holds it.
    checkPrintable: fromPromise<PrintCheck, Pick<ProfileDraft, PrintedField>>(async ({ input }) => ({
      names: input,
      result: await checkPrintableName(printedNameOf(input)),
    })),
    saveProfile: fromPromise<CurrentUser, ProfileDraft>(({ input }) => updateProfile(updateProfileSchema.parse(input))),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      const draft = { ...context.draft, [event.field]: event.value };
      return {
        draft,
        fieldErrors: withoutFieldError(context.fieldErrors, event.field),
        unprintable: isPrintedField(event.field)
          ? { ...context.unprintable, [event.field]: stillPresent(context.unprintable[event.field], event.value) }
          : context.unprintable,
        formError: null,
      };
    }),
    startPrintCheck: spawnChild('checkPrintable', {
      input: ({ context }) => ({ lastName: context.draft.lastName, firstName: context.draft.firstName }),
    }),
    applyPrintCheck: assign(({ context, event }) => {
      const { names, result } = (event as unknown as { output: PrintCheck }).output;
      // Typed on since: a newer check is on its way.
      if (names.lastName !== context.draft.lastName || names.firstName !== context.draft.firstName) return {};
      return {
        unprintable: {
          lastName: result.unprintableCharacters.filter((character) => names.lastName.includes(character)),
          firstName: result.unprintableCharacters.filter((character) => names.firstName.includes(character)),
        },
      };
    }),
    showDraftErrors: assign({ fieldErrors: ({ context }) => draftErrorsOf(context.draft) }),
  },
  guards: {
    isPrintCheck: ({ event }) => {
      const output = (event as unknown as { output?: Partial<PrintCheck> }).output;
      return output?.names !== undefined && output.result !== undefined;
    },
    isPrintedNameEdit: ({ event }) => event.type === 'EDIT' && isPrintedField(event.field),
    hasPrintedName: ({ context }) => printedNameOf(context.draft) !== '',
    draftHasErrors: ({ context }) => Object.keys(fieldErrorsOf({ fieldErrors: draftErrorsOf(context.draft), unprintable: context.unprintable })).length > 0,
  },
}).createMachine({
  id: 'profileEditor',
  context: { draft: EMPTY_DRAFT, hadProfile: false, fieldErrors: {}, unprintable: NOTHING_UNPRINTABLE, formError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProfile',
        onDone: {
          target: 'editing',
          actions: assign({ draft: ({ event }) => draftOf(event.output), hadProfile: ({ event }) => event.output.hasProfile }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      on: {
        SUBMIT: [{ guard: 'draftHasErrors', actions: ['showDraftErrors', emit({ type: 'invalid' as const })] }, { target: 'submitting' }],
      },
    },
    submitting: {
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => context.draft,
        onDone: { target: 'saved', actions: emit(({ event }) => ({ type: 'saved' as const, user: event.output })) },
        onError: {
          target: 'editing',
          actions: [
            assign(({ event }) => {
              // A 400 is the form's to show; any other failure was told by the app's popup.
              if (!isApiError(event.error) || event.error.status !== 400) return { fieldErrors: {}, formError: null };
              return submissionErrorsOf(event.error, fieldOf);
            }),
            emit({ type: 'invalid' as const }),
          ],
        },
      },
    },
    saved: { type: 'final' },
  },
  on: {
    EDIT: [
      {
        guard: 'isPrintedNameEdit',
        // Debounce: each keystroke in a name moves the check 400 ms later.
        actions: ['edit', cancel(PRINT_CHECK), raise({ type: 'PRINT_CHECK_DUE' }, { delay: PRINT_CHECK_DELAY_MS, id: PRINT_CHECK })],
      },
      { actions: 'edit' },
    ],
    PRINT_CHECK_DUE: { guard: 'hasPrintedName', actions: 'startPrintCheck' },
    // The spawned font check's answer (an invoke's own onDone, deeper, answers first).
    'xstate.done.actor.*': { guard: 'isPrintCheck', actions: 'applyPrintCheck' },
    // A failed check stays quiet: the server checks the names again on save.
    'xstate.error.actor.*': {},
  },
});

export type ProfileEditorSnapshot = SnapshotFrom<typeof profileEditorMachine>;

export const selectPhase = (snapshot: ProfileEditorSnapshot) =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : snapshot.matches('submitting') || snapshot.matches('saved') ? 'saving' : 'editing';
export const selectDraft = (snapshot: ProfileEditorSnapshot) => snapshot.context.draft;
export const selectFieldErrors = (snapshot: ProfileEditorSnapshot) => fieldErrorsOf(snapshot.context);
export const selectFormError = (snapshot: ProfileEditorSnapshot) => snapshot.context.formError;
export const selectHadProfile = (snapshot: ProfileEditorSnapshot) => snapshot.context.hadProfile;
