import { courseKindOfRoute } from './course-kind-of-route';

describe('courseKindOfRoute', () => {
  it.each([
    ['/api/v1/learning-courses/:courseSlug/lessons/:lessonSlug', 'learning'],
    ['/api/v1/seminar-courses/:courseSlug/lesson', 'seminar'],
    ['/api/v1/video-courses', 'video'],
    ['/api/v1/certification-courses/:courseSlug/feedback', 'certification'],
  ])('reads the kind of %s', (pattern, kind) => {
    expect(courseKindOfRoute(pattern)).toBe(kind);
  });

  it.each(['/api/v1/me', '/api/v1/cooking-courses/:courseSlug', ''])('refuses %j, which names no known kind', (pattern) => {
    expect(() => courseKindOfRoute(pattern)).toThrow(/no course kind/);
  });
});
