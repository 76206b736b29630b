import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { stringify } from 'yaml';
import { isCertificationSlug, PROGRAM_BY_SERVICE_SLUG } from '../../../contracts/catalogue-slugs.js';
import type { DatabaseExecutor } from '../../../database/connection.js';
import { categories, courses, featuredItems, lessons, programs, questions, siteTexts } from '../catalogue.schema.js';
import { toPackItem, toQuestionsYaml } from '../studio/question-yaml.js';

export interface ExportReport {
  courses: number;
  lessons: number;
  questions: number;
  mediaFiles: number;
  /** What the pack's format cannot say, each with its course and lesson (e.g. a studio thumbnail). */
  notes: string[];
}

const yaml = (value: unknown) => stringify(value, { lineWidth: 0 });

/** The service slug a program's video courses are filed under (video-courses/<service-slug>/). */
const serviceOf = (program: string) => Object.entries(PROGRAM_BY_SERVICE_SLUG).find(([, code]) => code === program)![0];

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
}

/** A lesson file: its front matter in the pack's key order, then its Markdown. */
export function lessonFile(meta: Record<string, unknown>, body: string): string {
  const defined = Object.fromEntries(Object.entries(meta).filter(([, value]) => value !== undefined && value !== null));
  return `---\n${yaml(defined).trimEnd()}\n---\n${body.trim()}\n`;
}

/**
 * Writes the database's published content as a content pack (server/content/README.md) into `target`, media
 * copied back from the media storage: the backup of what the studio changed, and what `content:import` reads.
 */
export async function exportContentPack(db: DatabaseExecutor, mediaDir: string, target: string): Promise<ExportReport> {
  const report: ExportReport = { courses: 0, lessons: 0, questions: 0, mediaFiles: 0, notes: [] };
  const copyMedia = (storagePath: string, file: string) => {
    const source = path.join(mediaDir, storagePath);
    if (!existsSync(source)) {
      report.notes.push(`メディアがありません: ${storagePath}`);
      return;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    copyFileSync(source, file);
    report.mediaFiles += 1;
  };

  const programRows = await db.select().from(programs).orderBy(asc(programs.position));
  const categoryRows = await db.select().from(categories).orderBy(asc(categories.position));
  write(
    path.join(target, 'programs.yaml'),
    yaml(
      programRows.map((program) => ({
        code: program.code,
        serviceSlug: program.serviceSlug,
        name: program.name,
        description: program.description,
        categories: categoryRows.filter((category) => category.program === program.code).map((category) => ({ slug: category.slug, name: category.name })),
      })),
    ),
  );

  const texts = new Map((await db.select().from(siteTexts)).map((row) => [row.key, row.value]));
  write(path.join(target, 'campaign.yaml'), yaml(texts.get('campaign') ?? {}));
  write(path.join(target, 'agreements', 'terms.md'), String(texts.get('terms') ?? ''));
  write(path.join(target, 'agreements', 'privacy.md'), String(texts.get('privacy') ?? ''));
  write(path.join(target, 'agreements', 'migration-notice.md'), String(texts.get('migration-notice') ?? ''));

  const courseRows = await db.select().from(courses).where(eq(courses.published, true)).orderBy(asc(courses.position));
  const featured = await db
    .select({ kind: courses.kind, program: courses.program, slug: courses.slug, headline: featuredItems.headline })
    .from(featuredItems)
    .innerJoin(courses, and(eq(courses.id, featuredItems.courseId), eq(courses.published, true)))
    .orderBy(asc(featuredItems.position));
  write(
    path.join(target, 'featured.yaml'),
    yaml(featured.map((item) => (item.kind === 'certification' ? { kind: item.kind, course: item.slug, headline: item.headline } : { kind: item.kind, program: item.program, course: item.slug, headline: item.headline }))),
  );

  for (const course of courseRows) {
    if (course.kind === 'certification' && !((course.exam?.questionCount ?? 0) > 0)) {
      report.notes.push(`certification/${course.slug}: 出題設計がまだ保存されていないため書き出しません`);
      continue;
    }
    const folder =
      course.kind === 'certification'
        ? path.join(target, 'certification-courses', course.slug)
        : course.kind === 'video'
          ? path.join(target, 'video-courses', serviceOf(course.program), course.slug)
          : path.join(target, `${course.kind}-courses`, course.program, course.slug);
    if (course.kind === 'certification') {
      write(
        path.join(folder, 'course.yaml'),
        yaml({
          title: course.title,
          summary: course.summary,
          // The pack's eight are known by their slug; a studio course carries its program.
          program: isCertificationSlug(course.slug) ? undefined : course.program,
          level: course.level,
          exam: course.exam,
          badgeValidMonths: course.badgeValidMonths,
        }),
      );
      const bank = await db.select().from(questions).where(eq(questions.courseId, course.id)).orderBy(asc(questions.questionId));
      write(path.join(folder, 'questions.yaml'), toQuestionsYaml(bank.map((row) => toPackItem(row.questionId, row))));
      report.questions += bank.length;
    } else {
      write(
        path.join(folder, 'course.yaml'),
        yaml({ title: course.title, summary: course.summary, level: course.level, categories: course.categories, estimatedMinutes: course.estimatedMinutes, loginRequired: course.loginRequired }),
      );
    }
    if (course.thumbnailPath) report.notes.push(`${course.kind}/${course.slug}: サムネイル画像はパックの形式に含められません（スタジオでもう一度アップロードしてください）`);
    report.courses += 1;

    const lessonRows = await db.select().from(lessons).where(eq(lessons.courseId, course.id)).orderBy(asc(lessons.position));
    for (const [index, lesson] of lessonRows.entries()) {
      const media = path.join(folder, 'media');
      // Rendered from its Markdown deck by the import (slides kept), or a PDF of its own (the studio's upload).
      const ownPdf = lesson.kind === 'slides' && lesson.slides.length === 0 && lesson.pdfPath ? `${lesson.slug}.pdf` : undefined;
      if (ownPdf) copyMedia(lesson.pdfPath!, path.join(media, ownPdf));
      const video = lesson.video ? path.basename(lesson.video) : undefined;
      if (lesson.video && video) copyMedia(lesson.video, path.join(media, video));
      const captions = lesson.captionsPath ? path.basename(lesson.captionsPath) : undefined;
      if (lesson.captionsPath && captions) copyMedia(lesson.captionsPath, path.join(media, captions));
      const meta = {
        title: lesson.title,
        kind: lesson.kind,
        loginRequired: lesson.loginRequired,
        estimatedMinutes: lesson.estimatedMinutes,
        video,
        captions,
        transcript: lesson.transcript ?? undefined,
        pdf: ownPdf,
        relatedLinks: lesson.relatedLinks.length > 0 ? lesson.relatedLinks : undefined,
      };
      const file = course.kind === 'seminar' ? path.join(folder, 'lesson.md') : path.join(folder, 'lessons', `${String(index + 1).padStart(2, '0')}-${lesson.slug}.md`);
      write(file, lessonFile(meta, lesson.body));
      report.lessons += 1;
    }
  }
  return report;
}
