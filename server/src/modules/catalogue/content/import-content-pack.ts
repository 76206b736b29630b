import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../../database/connection.js';
import { DomainEvent, type EventStore, type EventMeta } from '../../../database/event-store.js';
import { events } from '../../../database/events.schema.js';
import { categories, courses, featuredItems, lessons, programs, questions, questionVersions, siteTexts, type SlidesPoster } from '../catalogue.schema.js';
import type { ContentPack, LessonContent } from './load-content-pack.js';
import { renderSlideDeckPdf } from './render-slide-deck.js';
import { storeSlidesPoster } from './render-slides-poster.js';
import { isLatestVersion } from '../studio/question-bank.js';

export class ContentPackImported extends DomainEvent<ImportReport> {
  readonly type = 'ContentPackImported';
}

export interface ImportReport {
  created: number;
  updated: number;
  removed: number;
  unchanged: number;
}

export interface ImportOptions {
  /** Where slide-deck PDFs go (the media storage served to the client). */
  mediaDir: string;
  onProgress?: (done: number, total: number) => void;
}

const CONTENT_STREAM = { streamType: 'content', streamId: 'demo-pack' };

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

type CourseRow = typeof courses.$inferInsert;

interface PlannedCourse {
  row: Omit<CourseRow, 'id' | 'contentHash' | 'updatedAt'>;
  lessons: LessonContent[];
  questions: ContentPack['certifications'][number]['questions'];
}

function planCourses(pack: ContentPack): PlannedCourse[] {
  const learningLike = pack.courses.map((course, position) => ({
    row: {
      kind: course.kind,
      program: course.program,
      slug: course.slug,
      title: course.course.title,
      summary: course.course.summary,
      level: course.course.level,
      categories: course.course.categories,
      estimatedMinutes: course.course.estimatedMinutes,
      loginRequired: course.course.loginRequired,
      exam: null,
      badgeValidMonths: null,
      position,
    },
    lessons: course.lessons,
    questions: [],
  }));
  const certifications = pack.certifications.map((certification, index) => ({
    row: {
      kind: 'certification' as const,
      program: certification.program,
      slug: certification.slug,
      title: certification.course.title,
      summary: certification.course.summary,
      level: certification.course.level,
      categories: [],
      estimatedMinutes: certification.lessons.reduce((sum, lesson) => sum + lesson.meta.estimatedMinutes, 0),
      loginRequired: false,
      exam: certification.course.exam,
      badgeValidMonths: certification.course.badgeValidMonths,
      position: learningLike.length + index,
    },
    lessons: certification.lessons,
    questions: certification.questions,
  }));
  return [...learningLike, ...certifications];
}

/**
 * Writes the pack into the catalogue read models. Every row carries the hash of its content, so
 * a second run with the same pack changes nothing (and says so); rows that left the pack go.
 */
export async function importContentPack(
  eventStore: EventStore,
  pack: ContentPack,
  options: ImportOptions,
  meta: EventMeta,
): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, removed: 0, unchanged: 0 };
  const planned = planCourses(pack);
  const total = planned.length + 4;
  let done = 0;
  const step = () => options.onProgress?.(++done, total);

  await eventStore.commit(meta, async ({ tx, append }) => {
    await importPrograms(tx, pack, report);
    step();
    const keptCourseIds: string[] = [];
    for (const course of planned) {
      keptCourseIds.push(await importCourse(tx, course, options.mediaDir, report));
      step();
    }
    // A course an admin made or changed in the studio is theirs: the pack neither removes nor rewrites it.
    const gone = await tx
      .delete(courses)
      .where(and(notInArray(courses.id, keptCourseIds), isNull(courses.updatedBy)))
      .returning({ id: courses.id });
    report.removed += gone.length;
    await importFeatured(tx, pack, report);
    step();
    await upsertSiteText(tx, 'campaign', pack.campaign, report);
    await upsertSiteText(tx, 'terms', pack.agreements.terms, report);
    await upsertSiteText(tx, 'privacy', pack.agreements.privacy, report);
    await upsertSiteText(tx, 'migration-notice', pack.agreements.migrationNotice, report);
    step();
    if (report.created + report.updated + report.removed > 0) {
      const [{ version }] = (
        await tx
          .select({ version: sql<number>`coalesce(max(${events.version}), 0)` })
          .from(events)
          .where(and(eq(events.streamType, CONTENT_STREAM.streamType), eq(events.streamId, CONTENT_STREAM.streamId)))
      ) as [{ version: number }];
      await append({ ...CONTENT_STREAM, expectedVersion: Number(version) }, [new ContentPackImported({ ...report })]);
    }
    step();
  });
  return report;
}

async function importPrograms(tx: Transaction, pack: ContentPack, report: ImportReport) {
  for (const [position, program] of pack.programs.entries()) {
    const row = { code: program.code, serviceSlug: program.serviceSlug, name: program.name, description: program.description, position };
    const [existing] = await tx.select().from(programs).where(eq(programs.code, program.code));
    if (!existing) {
      await tx.insert(programs).values(row);
      report.created += 1;
    } else if (hashOf(existing) !== hashOf({ ...existing, ...row })) {
      await tx.update(programs).set(row).where(eq(programs.code, program.code));
      report.updated += 1;
    } else report.unchanged += 1;
    const slugs = program.categories.map((category) => category.slug);
    const existingCategories = await tx.select().from(categories).where(eq(categories.program, program.code));
    for (const [categoryPosition, category] of program.categories.entries()) {
      const categoryRow = { program: program.code, slug: category.slug, name: category.name, position: categoryPosition };
      const current = existingCategories.find((candidate) => candidate.slug === category.slug);
      if (!current) {
        await tx.insert(categories).values(categoryRow);
        report.created += 1;
      } else if (current.name !== categoryRow.name || current.position !== categoryRow.position) {
        await tx.update(categories).set(categoryRow).where(and(eq(categories.program, program.code), eq(categories.slug, category.slug)));
        report.updated += 1;
      } else report.unchanged += 1;
    }
    const removed = await tx
      .delete(categories)
      .where(and(eq(categories.program, program.code), notInArray(categories.slug, slugs)))
      .returning({ slug: categories.slug });
    report.removed += removed.length;
  }
}

/** Copies a pack's file into the media storage unless the same-sized file is there; whether it copied. */
function copyIntoMedia(source: string, target: string): boolean {
  if (existsSync(target) && statSync(target).size === statSync(source).size) return false;
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(source, target);
  return true;
}

/**
 * The deck's first slide as an image beside its PDF: the one kept in the row while the PDF was not
 * rewritten and the image is still in the media folder, else drawn again from the PDF.
 */
async function slidesPosterOf(mediaDir: string, pdfPath: string, kept: SlidesPoster | null): Promise<SlidesPoster> {
  return kept && existsSync(path.join(mediaDir, kept.path)) ? kept : storeSlidesPoster(mediaDir, pdfPath);
}

async function importCourse(tx: Transaction, course: PlannedCourse, mediaDir: string, report: ImportReport): Promise<string> {
  const contentHash = hashOf(course.row);
  const [existing] = await tx
    .select({ id: courses.id, contentHash: courses.contentHash, updatedBy: courses.updatedBy })
    .from(courses)
    .where(and(eq(courses.kind, course.row.kind), eq(courses.slug, course.row.slug)));
  const courseId = existing?.id ?? randomUUID();
  if (existing?.updatedBy) {
    // Edited in the studio since it was imported: the database is now its source (content:export writes it back).
    report.unchanged += 1;
    return courseId;
  }
  if (!existing) {
    await tx.insert(courses).values({ ...course.row, id: courseId, contentHash });
    report.created += 1;
  } else if (existing.contentHash !== contentHash) {
    await tx.update(courses).set({ ...course.row, contentHash, updatedAt: new Date() }).where(eq(courses.id, courseId));
    report.updated += 1;
  } else report.unchanged += 1;

  const existingLessons = await tx
    .select({ slug: lessons.slug, contentHash: lessons.contentHash, slidesPoster: lessons.slidesPoster })
    .from(lessons)
    .where(eq(lessons.courseId, courseId));
  for (const [position, lesson] of course.lessons.entries()) {
    const pdfPath = lesson.meta.kind === 'slides' ? `slides/${course.row.kind}/${course.row.slug}/${lesson.slug}.pdf` : null;
    const videoPath = lesson.videoSource ? `videos/${course.row.kind}/${course.row.slug}/${path.basename(lesson.videoSource)}` : null;
    if (lesson.videoSource && videoPath) copyIntoMedia(lesson.videoSource, path.join(mediaDir, videoPath));
    const captionsPath = lesson.captionsSource ? `videos/${course.row.kind}/${course.row.slug}/${path.basename(lesson.captionsSource)}` : null;
    if (lesson.captionsSource && captionsPath) copyIntoMedia(lesson.captionsSource, path.join(mediaDir, captionsPath));
    const row = {
      courseId,
      slug: lesson.slug,
      position,
      title: lesson.meta.title,
      kind: lesson.meta.kind,
      loginRequired: lesson.meta.loginRequired,
      estimatedMinutes: lesson.meta.estimatedMinutes,
      body: lesson.body,
      slides: lesson.slides,
      video: videoPath,
      pdfPath,
      captionsPath,
      transcript: lesson.meta.transcript ?? null,
      relatedLinks: lesson.meta.relatedLinks ?? [],
      checks: lesson.checks,
    };
    const lessonHash = hashOf(row);
    const current = existingLessons.find((candidate) => candidate.slug === lesson.slug);
    // A PDF given as a file (written in the studio, exported) is copied; a Markdown deck is rendered when it
    // changed, or when the media folder lost its file.
    let pdfRewritten = false;
    if (pdfPath && lesson.pdfSource) pdfRewritten = copyIntoMedia(lesson.pdfSource, path.join(mediaDir, pdfPath));
    else if (pdfPath && (current?.contentHash !== lessonHash || !existsSync(path.join(mediaDir, pdfPath)))) {
      const file = path.join(mediaDir, pdfPath);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, await renderSlideDeckPdf({ title: lesson.meta.title, slides: lesson.slides }));
      pdfRewritten = true;
    }
    // Drawn from the PDF, not part of the lesson's hash: a lesson imported before posters existed gets one without counting as changed.
    const slidesPoster = pdfPath ? await slidesPosterOf(mediaDir, pdfPath, pdfRewritten ? null : (current?.slidesPoster ?? null)) : null;
    const thisLesson = and(eq(lessons.courseId, courseId), eq(lessons.slug, lesson.slug));
    if (!current) {
      await tx.insert(lessons).values({ ...row, slidesPoster, id: randomUUID(), contentHash: lessonHash });
      report.created += 1;
    } else if (current.contentHash !== lessonHash) {
      await tx.update(lessons).set({ ...row, slidesPoster, contentHash: lessonHash }).where(thisLesson);
      report.updated += 1;
    } else {
      if (!isDeepStrictEqual(current.slidesPoster, slidesPoster)) await tx.update(lessons).set({ slidesPoster }).where(thisLesson);
      report.unchanged += 1;
    }
  }
  const lessonSlugs = course.lessons.map((lesson) => lesson.slug);
  const removedLessons = await tx
    .delete(lessons)
    .where(lessonSlugs.length ? and(eq(lessons.courseId, courseId), notInArray(lessons.slug, lessonSlugs)) : eq(lessons.courseId, courseId))
    .returning({ slug: lessons.slug });
  report.removed += removedLessons.length;

  // The pack's questions are the published bank; every change is also a version in question_versions, as the studio's edits are.
  // A bank question with no version row (a database migrated empty, then imported before versions were kept) gets its own.
  await tx.execute(sql`insert into question_versions (course_id, question_id, version, status, topic, type, prompt, choices, explanation, difficulty)
    select q.course_id, q.question_id, q.version, 'published', q.topic, q.type, q.prompt, q.choices, q.explanation, q.difficulty from questions q
    where q.course_id = ${courseId} and not exists (select 1 from question_versions v where v.course_id = q.course_id and v.question_id = q.question_id)`);
  const existingQuestions = await tx
    .select({ questionId: questions.questionId, contentHash: questions.contentHash, version: questions.version })
    .from(questions)
    .where(eq(questions.courseId, courseId));
  const latestVersions = new Map(
    (
      await tx
        .select({ questionId: questionVersions.questionId, version: sql<number>`max(${questionVersions.version})`.mapWith(Number) })
        .from(questionVersions)
        .where(eq(questionVersions.courseId, courseId))
        .groupBy(questionVersions.questionId)
    ).map((row) => [row.questionId, row.version]),
  );
  const nextVersionOf = (questionId: string) => (latestVersions.get(questionId) ?? 0) + 1;
  // Questions whose latest version an admin wrote (a draft, a publish, a retirement) stay as the studio left them.
  const editedInStudio = new Set(
    (
      await tx
        .select({ questionId: questionVersions.questionId })
        .from(questionVersions)
        .where(
          and(
            eq(questionVersions.courseId, courseId),
            sql`${questionVersions.editedBy} is not null`,
            isLatestVersion,
          ),
        )
    ).map((row) => row.questionId),
  );
  for (const question of course.questions) {
    const row = {
      courseId,
      questionId: question.id,
      topic: question.topic,
      type: question.type,
      prompt: question.prompt,
      choices: question.choices,
      explanation: question.explanation,
    };
    const questionHash = hashOf(row);
    const current = existingQuestions.find((candidate) => candidate.questionId === question.id);
    if (editedInStudio.has(question.id) || (current && current.contentHash === questionHash)) {
      report.unchanged += 1;
      continue;
    }
    const version = nextVersionOf(question.id);
    await tx.insert(questionVersions).values({ ...row, version, status: 'published', editedBy: null });
    if (!current) {
      await tx.insert(questions).values({ ...row, version, contentHash: questionHash });
      report.created += 1;
    } else {
      await tx.update(questions).set({ ...row, version, contentHash: questionHash }).where(and(eq(questions.courseId, courseId), eq(questions.questionId, question.id)));
      report.updated += 1;
    }
  }
  const questionIds = course.questions.map((question) => question.id);
  const studioQuestionIds = [...editedInStudio];
  const removedQuestions = await tx
    .delete(questions)
    .where(
      and(
        eq(questions.courseId, courseId),
        questionIds.length ? notInArray(questions.questionId, questionIds) : undefined,
        studioQuestionIds.length ? notInArray(questions.questionId, studioQuestionIds) : undefined,
      ),
    )
    .returning();
  for (const removed of removedQuestions) {
    const { contentHash: _hash, version: _version, ...fields } = removed;
    await tx.insert(questionVersions).values({ ...fields, version: nextVersionOf(removed.questionId), status: 'retired', editedBy: null });
  }
  report.removed += removedQuestions.length;
  return courseId;
}

async function importFeatured(tx: Transaction, pack: ContentPack, report: ImportReport) {
  const rows = [];
  for (const [position, item] of pack.featured.entries()) {
    const kind = item.kind;
    const [course] = await tx.select({ id: courses.id }).from(courses).where(and(eq(courses.kind, kind), eq(courses.slug, item.course)));
    if (course) rows.push({ position, courseId: course.id, headline: item.headline });
  }
  const existing = await tx.select().from(featuredItems).orderBy(featuredItems.position);
  if (hashOf(existing) === hashOf(rows)) {
    report.unchanged += 1;
    return;
  }
  await tx.delete(featuredItems);
  if (rows.length) await tx.insert(featuredItems).values(rows);
  // The list is replaced as one item.
  if (existing.length === 0) report.created += 1;
  else report.updated += 1;
}

async function upsertSiteText(tx: Transaction, key: string, value: unknown, report: ImportReport) {
  const contentHash = hashOf(value);
  const [existing] = await tx.select({ contentHash: siteTexts.contentHash }).from(siteTexts).where(eq(siteTexts.key, key));
  if (!existing) {
    await tx.insert(siteTexts).values({ key, value, contentHash });
    report.created += 1;
  } else if (existing.contentHash !== contentHash) {
    await tx.update(siteTexts).set({ value, contentHash }).where(eq(siteTexts.key, key));
    report.updated += 1;
  } else report.unchanged += 1;
}

