import { existsSync } from 'node:fs';
import path from 'node:path';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import { courseDraftDocumentSchema } from '../../../../contracts/studio-courses.js';
import { EventStore } from '../../../../database/event-store.js';
import { courseDrafts, courses, lessons, type SlidesPoster } from '../../catalogue.schema.js';
import { storeSlidesPoster } from '../../content/render-slides-poster.js';
import { COURSE_STREAM, CoursePublished } from '../../events.js';
import { applyFeatured, courseContentHashOf, decksWithoutPoster, lessonRowsOf, publishBlockersOf, publishCardImages } from '../../studio/course-draft-document.js';
import { editedByAnotherAdmin } from '../../studio/studio-rules.js';
import { PublishCourseCommand } from './publish-course.command.js';

@CommandHandler(PublishCourseCommand)
export class PublishCourseHandler implements ICommandHandler<PublishCourseCommand> {
  constructor(
    private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The course row, every lesson row and the event in one transaction: a learner reads either the
   * course as it was or as published, never a mix. Lessons keep their ids (and learners' progress).
   */
  async execute({ adminId, courseId, expectedVersion, meta }: PublishCourseCommand): Promise<{ version: number }> {
    const published = await this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      const streamVersion = await lockStream(COURSE_STREAM, courseId);
      const [draft] = await tx.select().from(courseDrafts).where(eq(courseDrafts.courseId, courseId));
      if (!draft) {
        const [live] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
        if (!live) throw notFound('コース');
        throw new AppError('VALIDATION_FAILED', '公開する変更がありません（下書きがありません）', 'expectedVersion');
      }
      if (draft.version !== expectedVersion) throw editedByAnotherAdmin();
      const document = courseDraftDocumentSchema.parse(draft.document);
      const [blocker] = publishBlockersOf(document);
      const thumbnail = document.course.thumbnailPath;
      if (!blocker && thumbnail && !existsSync(path.join(path.resolve(this.config.mediaDir), `${thumbnail}-320.png`))) {
        throw new AppError('VALIDATION_FAILED', 'サムネイル画像が見つかりません。もう一度アップロードしてください', 'course.thumbnailPath');
      }
      if (blocker) throw new AppError('VALIDATION_FAILED', blocker.message, blocker.field);

      const [live] = await tx.select({ version: courses.version, exam: courses.exam, badgeValidMonths: courses.badgeValidMonths }).from(courses).where(eq(courses.id, courseId));
      const version = (live?.version ?? 0) + 1;
      const { course } = document;
      const courseRow = {
        kind: course.kind,
        program: course.program,
        slug: course.slug,
        title: course.title,
        summary: course.summary,
        level: course.level,
        categories: course.categories,
        estimatedMinutes: course.estimatedMinutes,
        loginRequired: course.loginRequired,
        position: course.position,
        thumbnailPath: course.thumbnailPath,
        published: true,
        version,
        contentHash: courseContentHashOf(document),
        updatedAt: new Date(),
        updatedBy: adminId,
      };
      if (live) await tx.update(courses).set(courseRow).where(eq(courses.id, courseId));
      else await tx.insert(courses).values({ id: courseId, ...courseRow, exam: null, badgeValidMonths: null });

      const previous = new Map((await tx.select().from(lessons).where(eq(lessons.courseId, courseId))).map((row) => [row.id, row]));
      const drawn = new Map<string, SlidesPoster>();
      for (const deck of decksWithoutPoster(document, previous)) drawn.set(deck.lessonId, await this.posterOf(deck));
      const rows = lessonRowsOf(courseId, document, previous, drawn);
      const keptIds = rows.map((row) => row.id);
      await tx.delete(lessons).where(keptIds.length > 0 ? and(eq(lessons.courseId, courseId), notInArray(lessons.id, keptIds)) : eq(lessons.courseId, courseId));
      // Slugs may swap between lessons: park the kept ones under their ids first so the unique (course, slug) index never sees a clash.
      await tx.update(lessons).set({ slug: sql`'~' || ${lessons.id}::text` }).where(eq(lessons.courseId, courseId));
      for (const row of rows) {
        await tx
          .insert(lessons)
          .values(row)
          .onConflictDoUpdate({ target: lessons.id, set: { ...row, id: undefined } });
      }
      await applyFeatured(tx, courseId, course.featuredHeadline);
      await tx.delete(courseDrafts).where(eq(courseDrafts.courseId, courseId));
      await append({ streamType: COURSE_STREAM, streamId: courseId, expectedVersion: streamVersion }, [
        new CoursePublished({ courseId, kind: course.kind, slug: course.slug, title: course.title, version, lessonCount: rows.length, publishedBy: adminId }),
      ]);
      return { version, course };
    });
    // After the commit: the card shows the new image only once the course it belongs to is the published one.
    await publishCardImages(path.resolve(this.config.mediaDir), published.course);
    return { version: published.version };
  }

  /** The first slide of an uploaded deck as a picture; a PDF pdf.js cannot draw could not be shown to learners either. */
  private async posterOf(deck: { index: number; pdfPath: string }): Promise<SlidesPoster> {
    try {
      return await storeSlidesPoster(path.resolve(this.config.mediaDir), deck.pdfPath);
    } catch {
      throw new AppError('VALIDATION_FAILED', 'スライドのPDFを表示できませんでした。別のPDFをアップロードしてください', `lessons.${deck.index}.pdfPath`);
    }
  }
}
