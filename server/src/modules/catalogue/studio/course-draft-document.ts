import { createHash } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { CourseDraftDocument, LessonDraft } from '../../../contracts/studio-courses.js';
import type { DatabaseExecutor, Transaction } from '../../../database/connection.js';
import { courses, featuredItems, lessons, type SlidesPoster } from '../catalogue.schema.js';
import { answerChecksIn } from '../content/load-content-pack.js';

type CourseRow = typeof courses.$inferSelect;

/** The published course as a draft document: what the editor opens when a course has no draft yet. */
export async function documentOfLiveCourse(db: DatabaseExecutor, course: CourseRow): Promise<CourseDraftDocument> {
  const rows = await db.select().from(lessons).where(eq(lessons.courseId, course.id)).orderBy(asc(lessons.position));
  const [featured] = await db.select({ headline: featuredItems.headline }).from(featuredItems).where(eq(featuredItems.courseId, course.id));
  return {
    course: {
      kind: course.kind,
      program: course.program as CourseDraftDocument['course']['program'],
      slug: course.slug,
      title: course.title,
      summary: course.summary,
      level: course.level,
      categories: course.categories,
      estimatedMinutes: course.estimatedMinutes,
      loginRequired: course.loginRequired,
      position: course.position,
      thumbnailPath: course.thumbnailPath,
      featuredHeadline: featured?.headline ?? null,
    },
    lessons: rows.map(
      (lesson): LessonDraft => ({
        lessonId: lesson.id,
        slug: lesson.slug,
        title: lesson.title,
        kind: lesson.kind,
        estimatedMinutes: lesson.estimatedMinutes,
        loginRequired: lesson.loginRequired,
        body: lesson.body,
        pdfPath: lesson.pdfPath,
        videoPath: lesson.video,
        captionsPath: lesson.captionsPath,
        transcript: lesson.transcript,
      }),
    ),
  };
}

export interface PublishBlocker {
  field: string;
  message: string;
}

/**
 * What keeps a draft from going live, each with the field and a Japanese message: the rules a learner's
 * page relies on (a slide lesson has its PDF, a video its captions) and what the lesson page would refuse.
 */
export function publishBlockersOf(document: CourseDraftDocument): PublishBlocker[] {
  const blockers: PublishBlocker[] = [];
  const { course } = document;
  if (course.kind !== 'certification' && course.categories.length === 0) blockers.push({ field: 'course.categories', message: 'カテゴリを 1 つ以上選んでください' });
  if (document.lessons.length === 0) blockers.push({ field: 'lessons', message: 'レッスンを 1 つ以上追加してください' });
  if (course.kind === 'seminar' && document.lessons.length > 1) blockers.push({ field: 'lessons', message: 'セミナーのレッスンは 1 つだけです' });
  const slugs = new Set<string>();
  document.lessons.forEach((lesson, index) => {
    const at = (field: string) => `lessons.${index}.${field}`;
    const name = `レッスン ${index + 1}「${lesson.title}」`;
    if (slugs.has(lesson.slug)) blockers.push({ field: at('slug'), message: `${name}のスラッグが他のレッスンと重複しています` });
    slugs.add(lesson.slug);
    if (lesson.kind === 'text' && lesson.body.trim() === '') blockers.push({ field: at('body'), message: `${name}の本文を入力してください` });
    if (lesson.kind === 'slides' && !lesson.pdfPath) blockers.push({ field: at('pdfPath'), message: `${name}のスライド（PDF）をアップロードしてください` });
    if (lesson.kind === 'video') {
      if (!lesson.videoPath) blockers.push({ field: at('videoPath'), message: `${name}の動画をアップロードしてください` });
      if (!lesson.captionsPath) blockers.push({ field: at('captionsPath'), message: `${name}の字幕ファイル（WebVTT）をアップロードしてください` });
      if (!lesson.transcript?.trim()) blockers.push({ field: at('transcript'), message: `${name}の文字起こしを入力してください` });
    }
    for (const problem of answerChecksIn(lesson.body).problems) blockers.push({ field: at('body'), message: `${name}: ${problem.message}` });
  });
  return blockers;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

type PreviousLessons = Map<string, typeof lessons.$inferSelect>;

/** The picture of the first slide a published lesson keeps: the one it had, while its PDF is the same one. */
const keptPosterOf = (lesson: LessonDraft, previous: PreviousLessons): SlidesPoster | null => {
  const before = previous.get(lesson.lessonId);
  return lesson.kind === 'slides' && before && before.pdfPath === lesson.pdfPath ? before.slidesPoster : null;
};

/** The slide lessons whose PDF has no picture yet (new or replaced in the studio): publishing draws one for each. */
export function decksWithoutPoster(document: CourseDraftDocument, previous: PreviousLessons): { lessonId: string; index: number; pdfPath: string }[] {
  return document.lessons.flatMap((lesson, index) =>
    lesson.kind === 'slides' && lesson.pdfPath && !keptPosterOf(lesson, previous) ? [{ lessonId: lesson.lessonId, index, pdfPath: lesson.pdfPath }] : [],
  );
}

/**
 * The lessons rows a published draft becomes (slides split as the import splits a Markdown deck); `drawn`:
 * the pictures just drawn for `decksWithoutPoster`.
 */
export function lessonRowsOf(courseId: string, document: CourseDraftDocument, previous: PreviousLessons, drawn: ReadonlyMap<string, SlidesPoster> = new Map()) {
  return document.lessons.map((lesson, position) => {
    const before = previous.get(lesson.lessonId);
    const row = {
      id: lesson.lessonId,
      courseId,
      slug: lesson.slug,
      position,
      title: lesson.title,
      kind: lesson.kind,
      loginRequired: lesson.loginRequired,
      estimatedMinutes: lesson.estimatedMinutes,
      body: lesson.body,
      // An imported deck keeps its Markdown slides (the text alternative) while its PDF is the same one.
      slides: before && before.pdfPath === lesson.pdfPath ? before.slides : [],
      video: lesson.kind === 'video' ? lesson.videoPath : null,
      pdfPath: lesson.kind === 'slides' ? lesson.pdfPath : null,
      slidesPoster: lesson.kind === 'slides' ? (keptPosterOf(lesson, previous) ?? drawn.get(lesson.lessonId) ?? null) : null,
      captionsPath: lesson.kind === 'video' ? lesson.captionsPath : null,
      transcript: lesson.kind === 'video' ? lesson.transcript : null,
      relatedLinks: before?.relatedLinks ?? [],
      checks: answerChecksIn(lesson.body).checks,
    };
    return { ...row, contentHash: hashOf(row) };
  });
}

export const courseContentHashOf = (document: CourseDraftDocument) => hashOf(document.course);

/** Puts the course in the top page's pick-up (last, with its headline), changes its line, or takes it out. */
export async function applyFeatured(tx: Transaction, courseId: string, headline: string | null): Promise<void> {
  const [current] = await tx.select().from(featuredItems).where(eq(featuredItems.courseId, courseId));
  if (headline === null) {
    if (current) await tx.delete(featuredItems).where(eq(featuredItems.courseId, courseId));
  } else if (current) {
    if (current.headline !== headline) await tx.update(featuredItems).set({ headline }).where(eq(featuredItems.courseId, courseId));
  } else {
    const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${featuredItems.position}), -1) + 1` }).from(featuredItems)) as [{ next: number }];
    await tx.insert(featuredItems).values({ position: Number(next), courseId, headline });
  }
}

/** The widths and formats of a course card's image (client `components/artwork/course-image.tsx`). */
export const CARD_IMAGE_WIDTHS = [320, 640] as const;
export const CARD_IMAGE_FORMATS = ['avif', 'webp', 'png'] as const;

/**
 * After a publish: the uploaded thumbnail's sizes become the course's card images under the names the client
 * asks for (`MEDIA_DIR/course-images/<kind>-<slug>-<width>.<format>`, served before the build's own); a course
 * without one loses any it had, so the pack's drawn image (or the programme's colour) shows again.
 */
export async function publishCardImages(mediaDir: string, course: { kind: string; slug: string; thumbnailPath: string | null }): Promise<void> {
  const folder = path.join(mediaDir, 'course-images');
  await mkdir(folder, { recursive: true });
  for (const width of CARD_IMAGE_WIDTHS) {
    for (const format of CARD_IMAGE_FORMATS) {
      const target = path.join(folder, `${course.kind}-${course.slug}-${width}.${format}`);
      if (course.thumbnailPath) await copyFile(path.join(mediaDir, `${course.thumbnailPath}-${width}.${format}`), target);
      else await rm(target, { force: true });
    }
  }
}
