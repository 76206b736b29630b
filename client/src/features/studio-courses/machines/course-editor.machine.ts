import type { CourseDraft, CourseDraftDocument, CourseDraftFields, LessonDraft, StudioUpload, StudioUploadKind } from '@campus/contracts/studio-courses';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { fieldMessageOf } from '../../../lib/submission-errors';
import { getCourseDraft, listProgramCategories, publishCourse, saveCourseDraft, unpublishCourse, uploadStudioMedia } from '../api/studio-courses';

/**
 * The studio's course editor.
 *
 *   loading ─ done ─→ editing ─ error ─→ loadFailed ── RETRY ─→ loading
 *   editing ── EDIT_* / ADD / REMOVE / MOVE ─→ editing (dirty)
 *           ── UPLOAD ─→ uploading ─ done ─→ editing (the file's path set on the lesson) / error ─→ editing (message on that field)
 *           ── SAVE ─→ saving ─ done ─→ reloading ─→ editing
 *           ── PUBLISH ─→ (saving first when dirty) ─→ publishing ─ done ─→ reloading ─→ editing ("公開しました")
 *           ── UNPUBLISH ─→ unpublishing ─→ reloading
 *   saving | publishing | unpublishing ─ 409 ─→ conflict (the newer version loaded beside the admin's own) ── RELOAD ─→ loading
 *
 * A failure never loses what was typed: the document stays as it was, with the field's message.
 */

export type LessonField = 'slug' | 'title' | 'estimatedMinutes' | 'loginRequired' | 'body' | 'transcript';
export type CourseField = Exclude<keyof CourseDraftFields, 'kind' | 'program' | 'position' | 'thumbnailPath'>;
export type UploadTarget = { index: number; field: 'pdfPath' | 'videoPath' | 'captionsPath' } | { index: null; field: 'thumbnailPath' };

export interface CourseEditorContext {
  courseId: string;
  loaded: CourseDraft | null;
  /** The categories of the course's program (slug, name). */
  categories: { slug: string; name: string }[];
  document: CourseDraftDocument | null;
  version: number;
  dirty: boolean;
  selected: number | null;
  /** API field paths (`document.lessons.0.title`, `lessons.2.captionsPath`, `file`) → message. */
  errors: Record<string, string>;
  formError: string | null;
  notice: string | null;
  uploading: UploadTarget | null;
  /** Another admin's newer draft, when a save was refused. */
  newer: CourseDraft | null;
  publishAfterSave: boolean;
}

export type CourseEditorEvent =
  | { type: 'EDIT_COURSE'; field: CourseField; value: string | number | boolean | string[] | null }
  | { type: 'EDIT_LESSON'; index: number; field: LessonField; value: string | number | boolean }
  | { type: 'ADD_LESSON'; kind: LessonDraft['kind']; lessonId: string }
  | { type: 'REMOVE_LESSON'; index: number }
  | { type: 'MOVE_LESSON'; from: number; to: number }
  | { type: 'SELECT_LESSON'; index: number }
  | { type: 'UPLOAD'; target: UploadTarget; kind: StudioUploadKind; file: File }
  | { type: 'SAVE' }
  | { type: 'PUBLISH' }
  | { type: 'UNPUBLISH' }
  | { type: 'RELOAD' }
  | { type: 'RETRY' };

export const CONFLICT_MESSAGE = '他の管理者が先に更新しました';

const LESSON_KIND_NAMES: Record<LessonDraft['kind'], string> = { text: 'テキスト', slides: 'スライド', video: '動画' };

/** A new lesson of that kind, with a slug no other lesson of the course has. */
export function newLesson(document: CourseDraftDocument, kind: LessonDraft['kind'], lessonId: string): LessonDraft {
  const taken = new Set(document.lessons.map((lesson) => lesson.slug));
  let number = document.lessons.length + 1;
  while (taken.has(`lesson-${number}`)) number += 1;
  return {
    lessonId,
    slug: `lesson-${number}`,
    title: `新しい${LESSON_KIND_NAMES[kind]}レッスン`,
    kind,
    estimatedMinutes: 5,
    loginRequired: false,
    body: '',
    pdfPath: null,
    videoPath: null,
    captionsPath: null,
    transcript: kind === 'video' ? '' : null,
  };
}

/** The list with one item moved (drag and drop, or the keyboard's move buttons). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The API's field path of an error, as the editor keys it (`document.` dropped: publish blockers have none). */
export const errorKeyOf = (field: string | undefined) => (field ?? 'form').replace(/^document\./, '');

const failure = (error: unknown): Pick<CourseEditorContext, 'errors' | 'formError'> => {
  const field = isApiError(error) ? error.field : undefined;
  return { errors: field ? { [errorKeyOf(field)]: fieldMessageOf(error) } : {}, formError: fieldMessageOf(error) };
};

const isConflictError = (error: unknown) => isApiError(error) && error.status === 409;

type Loaded = { draft: CourseDraft; categories: { slug: string; name: string }[] };

const loadedContext = ({ draft, categories }: Loaded): Partial<CourseEditorContext> => ({
  loaded: draft,
  categories,
  document: draft.document,
  version: draft.version,
  dirty: false,
  newer: null,
  errors: {},
  formError: null,
});

/** The context after an edit of the document (errors of the edited field cleared by the caller). */
const changed = (context: CourseEditorContext, change: (document: CourseDraftDocument) => CourseDraftDocument): Partial<CourseEditorContext> => ({
  document: context.document ? change(context.document) : null,
  dirty: true,
  notice: null,
});

export const courseEditorMachine = setup({
  types: {
    input: {} as { courseId: string },
    context: {} as CourseEditorContext,
    events: {} as CourseEditorEvent,
  },
  actors: {
    load: fromPromise<Loaded, { courseId: string }>(async ({ input }) => {
      const draft = await getCourseDraft(input.courseId);
      return { draft, categories: await listProgramCategories(draft.document.course.program) };
    }),
    save: fromPromise<{ version: number }, { courseId: string; version: number; document: CourseDraftDocument }>(({ input }) =>
      saveCourseDraft(input.courseId, input.version, input.document),
    ),
    publish: fromPromise<{ version: number }, { courseId: string; version: number }>(({ input }) => publishCourse(input.courseId, input.version)),
    unpublish: fromPromise<{ version: number }, { courseId: string; version: number }>(({ input }) => unpublishCourse(input.courseId, input.version)),
    upload: fromPromise<StudioUpload, { kind: StudioUploadKind; file: File }>(({ input }) => uploadStudioMedia(input.kind, input.file)),
  },
}).createMachine({
  id: 'courseEditor',
  context: ({ input }) => ({
    courseId: input.courseId,
    loaded: null,
    categories: [],
    document: null,
    version: 0,
    dirty: false,
    selected: null,
    errors: {},
    formError: null,
    notice: null,
    uploading: null,
    newer: null,
    publishAfterSave: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: { target: 'editing', actions: assign(({ event }) => loadedContext(event.output)) },
        onError: { target: 'loadFailed', actions: assign({ formError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    reloading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: { target: 'editing', actions: assign(({ event }) => loadedContext(event.output)) },
        onError: { target: 'editing', actions: assign({ formError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    editing: {
      on: {
        EDIT_COURSE: {
          actions: assign(({ context, event }) => ({
            ...changed(context, (document) => ({ ...document, course: { ...document.course, [event.field]: event.value } })),
            errors: { ...context.errors, [`course.${event.field}`]: '' },
          })),
        },
        EDIT_LESSON: {
          actions: assign(({ context, event }) => ({
            ...changed(context, (document) => ({
              ...document,
              lessons: document.lessons.map((lesson, index) => (index === event.index ? { ...lesson, [event.field]: event.value } : lesson)),
            })),
            errors: { ...context.errors, [`lessons.${event.index}.${event.field}`]: '' },
          })),
        },
        ADD_LESSON: {
          actions: assign(({ context, event }) => ({
            ...changed(context, (document) => ({ ...document, lessons: [...document.lessons, newLesson(document, event.kind, event.lessonId)] })),
            selected: context.document?.lessons.length ?? 0,
          })),
        },
        REMOVE_LESSON: {
          actions: assign(({ context, event }) => ({
            ...changed(context, (document) => ({ ...document, lessons: document.lessons.filter((_, index) => index !== event.index) })),
            selected: null,
            errors: {},
          })),
        },
        MOVE_LESSON: {
          actions: assign(({ context, event }) => ({
            ...changed(context, (document) => ({ ...document, lessons: moved(document.lessons, event.from, event.to) })),
            selected: context.selected === event.from ? event.to : context.selected,
            errors: {},
          })),
        },
        SELECT_LESSON: { actions: assign({ selected: ({ event }) => event.index }) },
        UPLOAD: { target: 'uploading', actions: assign({ uploading: ({ event }) => event.target, notice: null }) },
        SAVE: { target: 'saving', actions: assign({ publishAfterSave: false }) },
        PUBLISH: [
          { guard: ({ context }) => context.dirty, target: 'saving', actions: assign({ publishAfterSave: true }) },
          { target: 'publishing' },
        ],
        UNPUBLISH: 'unpublishing',
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ event }) => {
          const upload = event as Extract<CourseEditorEvent, { type: 'UPLOAD' }>;
          return { kind: upload.kind, file: upload.file };
        },
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const target = context.uploading!;
            const path = event.output.path;
            return {
              ...changed(context, (document) =>
                target.index === null
                  ? { ...document, course: { ...document.course, thumbnailPath: path } }
                  : { ...document, lessons: document.lessons.map((lesson, index) => (index === target.index ? { ...lesson, [target.field]: path } : lesson)) },
              ),
              uploading: null,
              notice: 'アップロードしました。保存すると下書きに入ります。',
            };
          }),
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const target = context.uploading!;
            const key = target.index === null ? `course.${target.field}` : `lessons.${target.index}.${target.field}`;
            return { uploading: null, errors: { ...context.errors, [key]: fieldMessageOf(event.error) } };
          }),
        },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ courseId: context.courseId, version: context.version, document: context.document! }),
        onDone: [
          { guard: ({ context }) => context.publishAfterSave, target: 'publishing', actions: assign({ version: ({ event }) => event.output.version, dirty: false }) },
          { target: 'reloading', actions: assign({ version: ({ event }) => event.output.version, dirty: false, notice: '下書きを保存しました。' }) },
        ],
        onError: [
          { guard: ({ event }) => isConflictError(event.error), target: 'conflict' },
          { target: 'editing', actions: assign(({ event }) => failure(event.error)) },
        ],
      },
    },
    publishing: {
      invoke: {
        src: 'publish',
        input: ({ context }) => ({ courseId: context.courseId, version: context.version }),
        onDone: { target: 'reloading', actions: assign({ notice: 'コースを公開しました。' }) },
        onError: [
          { guard: ({ event }) => isConflictError(event.error), target: 'conflict' },
          // A publish blocker names its field (lessons.2.captionsPath): shown where it is, the draft kept.
          { target: 'editing', actions: assign(({ event }) => failure(event.error)) },
        ],
      },
    },
    unpublishing: {
      invoke: {
        src: 'unpublish',
        input: ({ context }) => ({ courseId: context.courseId, version: context.loaded?.live?.version ?? 0 }),
        onDone: { target: 'reloading', actions: assign({ notice: 'コースを非公開にしました。' }) },
        onError: [
          { guard: ({ event }) => isConflictError(event.error), target: 'conflict' },
          { target: 'editing', actions: assign(({ event }) => failure(event.error)) },
        ],
      },
    },
    conflict: {
      entry: assign({ formError: CONFLICT_MESSAGE }),
      invoke: {
        src: 'load',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: { actions: assign({ newer: ({ event }) => event.output.draft }) },
      },
      on: { RELOAD: 'loading' },
    },
  },
});

export type CourseEditorSnapshot = SnapshotFrom<typeof courseEditorMachine>;
