import type { StudioCourse } from '@campus/contracts/studio-courses';

export const COURSE_KIND_LABELS: Record<StudioCourse['kind'], string> = { learning: '学習コース', video: '動画コース', seminar: 'セミナー', certification: '認定試験コース' };
export const PROGRAM_LABELS: Record<StudioCourse['program'], string> = { OA: 'LINE公式アカウント', AD: 'LINE広告', Y_ADS: 'Yahoo!広告' };
export const COURSE_STATUS_LABELS: Record<StudioCourse['status'], string> = { draft: '下書き', published: '公開中', unpublished: '非公開' };
export const LEVEL_LABELS = { BEGINNER: '初級', INTERMEDIATE: '中級', ADVANCED: '上級' } as const;

export const STUDIO_COURSES_PATH = '/admin/studio/courses';
export const studioCoursePath = (courseId: string) => `${STUDIO_COURSES_PATH}/${courseId}`;
export const studioCoursePreviewPath = (courseId: string) => `${studioCoursePath(courseId)}/preview`;
/** Under the course preview, so the course page's relative `lessons/<slug>` links land here. */
export const studioLessonPreviewPath = (courseId: string, lessonSlug: string) => `${studioCoursePreviewPath(courseId)}/lessons/${lessonSlug}`;
