import type { CreateCourseDraftRequest, StudioCourse, StudioCourseListQuery } from '@campus/contracts/studio-courses';
import { assign, emit, fromPromise, setup } from 'xstate';
import { errorMessageOf, isApiError } from '../../../lib/api-client';
import { fieldMessageOf } from '../../../lib/submission-errors';
import { createCourseDraft, listStudioCourses } from '../api/studio-courses';

/**
 * The studio's course list and its "new course" form.
 *
 *   loading ─ done ─→ ready ── FILTER ─→ loading      error ─→ failed ── RETRY ─→ loading
 *   ready ── CREATE ─→ creating ─ done ─→ ready (emits `created` with the new course's id)
 *                         └ error ─→ ready (the field's message; what was typed stays)
 */
export interface CourseListContext {
  filter: StudioCourseListQuery;
  items: StudioCourse[];
  loadError: string | null;
  createErrors: Record<string, string>;
}

export type CourseListEvent =
  | { type: 'FILTER'; filter: StudioCourseListQuery }
  | { type: 'RETRY' }
  | { type: 'CREATE'; request: CreateCourseDraftRequest };

export const courseListMachine = setup({
  types: {
    context: {} as CourseListContext,
    events: {} as CourseListEvent,
    emitted: {} as { type: 'created'; courseId: string },
  },
  actors: {
    list: fromPromise<{ items: StudioCourse[] }, StudioCourseListQuery>(({ input }) => listStudioCourses(input)),
    create: fromPromise<{ courseId: string }, CreateCourseDraftRequest>(({ input }) => createCourseDraft(input)),
  },
}).createMachine({
  id: 'studioCourseList',
  context: { filter: {}, items: [], loadError: null, createErrors: {} },
  initial: 'loading',
  on: { FILTER: { target: '.loading', actions: assign({ filter: ({ event }) => event.filter }) } },
  states: {
    loading: {
      invoke: {
        src: 'list',
        input: ({ context }) => context.filter,
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output.items, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: { on: { CREATE: 'creating' } },
    creating: {
      invoke: {
        src: 'create',
        input: ({ event }) => (event as Extract<CourseListEvent, { type: 'CREATE' }>).request,
        onDone: { target: 'ready', actions: [assign({ createErrors: {} }), emit(({ event }) => ({ type: 'created' as const, courseId: event.output.courseId }))] },
        onError: {
          target: 'ready',
          actions: assign({
            createErrors: ({ event }) => ({ [isApiError(event.error) && event.error.field ? event.error.field : 'form']: fieldMessageOf(event.error) }),
          }),
        },
      },
    },
  },
});
