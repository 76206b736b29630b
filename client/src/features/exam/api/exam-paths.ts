/** API paths of the exam endpoints (spec §7); slugs and ids are path segments, so they are encoded. */
const segment = encodeURIComponent;

export const courseExamPath = (courseSlug: string) => `/api/v1/certification-courses/${segment(courseSlug)}`;
export const examSessionPath = (examSessionId: string) => `/api/v1/exam-sessions/${segment(examSessionId)}`;
