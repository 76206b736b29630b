import { courseDetailSchema, type CourseDetail } from '@campus/contracts/catalogue';
import { lessonDetailSchema, type LessonDetail } from '@campus/contracts/lessons';
import {
  createCourseDraft as createCourseDraftRoute,
  getCourseDraft as getCourseDraftRoute,
  listStudioCourses as listStudioCoursesRoute,
  previewDraftCourse as previewDraftCourseRoute,
  previewDraftLesson as previewDraftLessonRoute,
  previewLessonMarkdown as previewLessonMarkdownRoute,
  publishCourse as publishCourseRoute,
  saveCourseDraft as saveCourseDraftRoute,
  unpublishCourse as unpublishCourseRoute,
  uploadStudioMedia as uploadStudioMediaRoute,
} from '@campus/contracts/routes/studio-courses';
import type {
  CourseDraft,
  CourseDraftDocument,
  CreateCourseDraftRequest,
  LessonPreview,
  StudioCourseList,
  StudioCourseListQuery,
  StudioUpload,
  StudioUploadKind,
} from '@campus/contracts/studio-courses';
import { getCategories as getCategoriesRoute } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES, LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** The studio's calls. Each answer is the API's own JSON (admin pages: no schema parse on the way in but the lesson preview's). */

export const listStudioCourses = (query: StudioCourseListQuery): Promise<StudioCourseList> =>
  callApi(listStudioCoursesRoute, { query }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<StudioCourseList>;

export const createCourseDraft = (request: CreateCourseDraftRequest): Promise<{ courseId: string }> =>
  callApi(createCourseDraftRoute, { body: request }, { skipStatuses: FORM_HANDLED_STATUSES }) as Promise<{ courseId: string }>;

export const getCourseDraft = (courseId: string): Promise<CourseDraft> =>
  callApi(getCourseDraftRoute, { params: { courseId } }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<CourseDraft>;

export const saveCourseDraft = (courseId: string, expectedVersion: number, document: CourseDraftDocument): Promise<{ version: number }> =>
  callApi(saveCourseDraftRoute, { params: { courseId }, body: { expectedVersion, document } }, { skipStatuses: FORM_HANDLED_STATUSES }) as Promise<{ version: number }>;

export const publishCourse = (courseId: string, expectedVersion: number): Promise<{ version: number }> =>
  callApi(publishCourseRoute, { params: { courseId }, body: { expectedVersion } }, { skipStatuses: FORM_HANDLED_STATUSES }) as Promise<{ version: number }>;

export const unpublishCourse = (courseId: string, expectedVersion: number): Promise<{ version: number }> =>
  callApi(unpublishCourseRoute, { params: { courseId }, body: { expectedVersion } }, { skipStatuses: FORM_HANDLED_STATUSES }) as Promise<{ version: number }>;

export const uploadStudioMedia = (kind: StudioUploadKind, file: Blob): Promise<StudioUpload> =>
  callApi(uploadStudioMediaRoute, { params: { mediaKind: kind } }, { file, skipStatuses: FORM_HANDLED_STATUSES.concat(415) }) as Promise<StudioUpload>;

export const previewLessonMarkdown = (body: string, signal?: AbortSignal): Promise<LessonPreview> =>
  callApi(previewLessonMarkdownRoute, { body: { body } }, { skipStatuses: 'all', ...(signal ? { signal } : {}) }) as Promise<LessonPreview>;

export const previewDraftLesson = (courseId: string, lessonSlug: string): Promise<LessonDetail> =>
  callApi(previewDraftLessonRoute, { params: { courseId, lessonSlug } }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES, parse: (data) => lessonDetailSchema.parse(data) });

/** The program's categories, for the course's category choices. */
export const listProgramCategories = (program: string): Promise<{ slug: string; name: string }[]> =>
  callApi(getCategoriesRoute, { query: { program } }, { skipStatuses: LOAD_HANDLED_STATUSES }) as Promise<{ slug: string; name: string }[]>;

export const previewDraftCourse = (courseId: string): Promise<CourseDetail> =>
  callApi(previewDraftCourseRoute, { params: { courseId } }, { noCache: true, skipStatuses: LOAD_HANDLED_STATUSES, parse: (data) => courseDetailSchema.parse(data) });
