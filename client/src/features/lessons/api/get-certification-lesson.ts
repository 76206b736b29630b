import type { LessonDetail } from '@campus/contracts/lessons';
import { getLesson } from '@campus/contracts/routes/lessons';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** 404 unknown; 403 for a visitor on a logged-in-only lesson. */
export function getCertificationLesson(courseSlug: string, lessonSlug: string, options: ReadOptions = {}): Promise<LessonDetail> {
  return callApi(getLesson, { params: { kind: 'certification', courseSlug, lessonSlug } }, options);
}
