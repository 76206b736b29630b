import path from 'node:path';
import { CERTIFICATION_SLUGS } from '../../../contracts/catalogue-slugs';
import { loadContentPack, type ContentPack } from './load-content-pack';

const DEMO_PACK = path.resolve(__dirname, '../../../../content');

/** The minimums of the catalogue issue, checked against the pack as shipped. */
describe('the demo content pack', () => {
  let pack: ContentPack;
  beforeAll(() => {
    pack = loadContentPack(DEMO_PACK);
  });

  const coursesOf = (kind: string, program: string) => pack.courses.filter((course) => course.kind === kind && course.program === program);

  it.each(['OA', 'AD', 'Y_ADS'])('has at least 4 learning courses of 3–6 lessons for %s, each with a slide deck', (program) => {
    const courses = coursesOf('learning', program);
    expect(courses.length).toBeGreaterThanOrEqual(4);
    for (const course of courses) {
      expect(course.lessons.length).toBeGreaterThanOrEqual(3);
      expect(course.lessons.length).toBeLessThanOrEqual(6);
      expect(course.lessons.some((lesson) => lesson.meta.kind === 'slides')).toBe(true);
      expect(course.lessons.some((lesson) => lesson.meta.kind === 'text')).toBe(true);
    }
    expect(new Set(courses.map((course) => course.course.level)).size).toBeGreaterThanOrEqual(2);
  });

  it('has lessons for logged-in learners only, and answer checks', () => {
    const lessons = pack.courses.flatMap((course) => course.lessons);
    expect(lessons.filter((lesson) => lesson.meta.loginRequired).length).toBeGreaterThanOrEqual(3);
    expect(lessons.filter((lesson) => lesson.checks.length > 0).length).toBeGreaterThanOrEqual(3);
  });

  it.each(['OA', 'AD', 'Y_ADS'])('has at least 2 one-lesson seminar courses for %s', (program) => {
    const seminars = coursesOf('seminar', program);
    expect(seminars.length).toBeGreaterThanOrEqual(2);
    for (const seminar of seminars) expect(seminar.lessons).toHaveLength(1);
  });

  it.each(['OA', 'Y_ADS'])('has at least 3 video courses for %s, every lesson a video', (program) => {
    const videos = coursesOf('video', program);
    expect(videos.length).toBeGreaterThanOrEqual(3);
    for (const video of videos) for (const lesson of video.lessons) expect(lesson.meta.video).toMatch(/\.mp4$/);
    expect(coursesOf('video', 'AD')).toHaveLength(0);
  });

  it('has the eight certification courses, each with 3+ lessons and a bank of 30+ questions of both types', () => {
    expect(pack.certifications.map((certification) => certification.slug).sort()).toEqual([...CERTIFICATION_SLUGS].sort());
    for (const certification of pack.certifications) {
      expect(certification.lessons.length).toBeGreaterThanOrEqual(3);
      expect(certification.questions.length).toBeGreaterThanOrEqual(30);
      expect(certification.questions.some((question) => question.type === 'single')).toBe(true);
      expect(certification.questions.some((question) => question.type === 'multiple')).toBe(true);
      expect(certification.course.exam.questionCount).toBeLessThanOrEqual(certification.questions.length);
    }
  });

  it('has featured items, a campaign and the three agreement texts', () => {
    expect(pack.featured.length).toBeGreaterThanOrEqual(3);
    expect(pack.campaign.title).toBeTruthy();
    expect(pack.agreements.terms).toContain('利用規約');
    expect(pack.agreements.privacy).toContain('プライバシーポリシー');
    expect(pack.agreements.migrationNotice).toContain('Cloud Campus');
  });
});
