import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq, ne } from 'drizzle-orm';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import { EventStore } from '../../../../database/event-store.js';
import { isUniqueViolation } from '../../../../database/unique-violation.js';
import { courseDrafts, courses } from '../../catalogue.schema.js';
import { COURSE_STREAM, CourseDraftSaved } from '../../events.js';
import { editedByAnotherAdmin } from '../../studio/studio-rules.js';
import { SaveCourseDraftCommand } from './save-course-draft.command.js';

@CommandHandler(SaveCourseDraftCommand)
export class SaveCourseDraftHandler implements ICommandHandler<SaveCourseDraftCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ adminId, courseId, request, meta }: SaveCourseDraftCommand): Promise<{ version: number }> {
    const { document, expectedVersion } = request;
    try {
      return await this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
        const streamVersion = await lockStream(COURSE_STREAM, courseId);
        const [draft] = await tx.select({ version: courseDrafts.version, kind: courseDrafts.kind }).from(courseDrafts).where(eq(courseDrafts.courseId, courseId));
        const [live] = await tx.select({ kind: courses.kind }).from(courses).where(eq(courses.id, courseId));
        const kind = draft?.kind ?? live?.kind;
        if (!kind) throw notFound('コース');
        if (document.course.kind !== kind) throw new AppError('VALIDATION_FAILED', 'コースの種類は変えられません', 'document.course.kind');
        if ((draft?.version ?? 0) !== expectedVersion) throw editedByAnotherAdmin();
        const [slugTaken] = await tx
          .select({ id: courses.id })
          .from(courses)
          .where(and(eq(courses.kind, kind), eq(courses.slug, document.course.slug), ne(courses.id, courseId)));
        if (slugTaken) throw new AppError('VALIDATION_FAILED', 'このスラッグのコースはすでにあります', 'document.course.slug');
        const version = expectedVersion + 1;
        const row = { kind, slug: document.course.slug, document, version, updatedAt: new Date(), updatedBy: adminId };
        if (draft) await tx.update(courseDrafts).set(row).where(eq(courseDrafts.courseId, courseId));
        else await tx.insert(courseDrafts).values({ courseId, ...row });
        await append({ streamType: COURSE_STREAM, streamId: courseId, expectedVersion: streamVersion }, [
          new CourseDraftSaved({ courseId, kind, slug: document.course.slug, title: document.course.title, draftVersion: version, lessonCount: document.lessons.length, savedBy: adminId }),
        ]);
        return { version };
      });
    } catch (error) {
      // The first draft of a live course, opened by two admins at once: the second insert loses.
      if (isUniqueViolation(error, 'course_drafts_pkey')) throw editedByAnotherAdmin();
      if (isUniqueViolation(error, 'course_drafts_kind_slug_key')) throw new AppError('VALIDATION_FAILED', 'このスラッグのコースはすでにあります', 'document.course.slug');
      throw error;
    }
  }
}
