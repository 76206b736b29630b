import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import { EventStore } from '../../../../database/event-store.js';
import { courses } from '../../catalogue.schema.js';
import { COURSE_STREAM, CourseUnpublished } from '../../events.js';
import { editedByAnotherAdmin } from '../../studio/studio-rules.js';
import { UnpublishCourseCommand } from './unpublish-course.command.js';

@CommandHandler(UnpublishCourseCommand)
export class UnpublishCourseHandler implements ICommandHandler<UnpublishCourseCommand> {
  constructor(private readonly eventStore: EventStore) {}

  /** The rows stay (learners' progress, badges and certificates keep their course); learner reads skip it. */
  async execute({ adminId, courseId, expectedVersion, meta }: UnpublishCourseCommand): Promise<{ version: number }> {
    return this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      const streamVersion = await lockStream(COURSE_STREAM, courseId);
      const [live] = await tx.select().from(courses).where(eq(courses.id, courseId));
      if (!live) throw notFound('コース');
      if (live.version !== expectedVersion) throw editedByAnotherAdmin();
      // A certification's badges and verification pages point at it: those courses stay published.
      if (live.kind === 'certification') throw new AppError('VALIDATION_FAILED', '認定試験コースは非公開にできません', 'courseId');
      if (!live.published) return { version: live.version };
      const version = live.version + 1;
      await tx.update(courses).set({ published: false, version, updatedAt: new Date(), updatedBy: adminId }).where(eq(courses.id, courseId));
      await append({ streamType: COURSE_STREAM, streamId: courseId, expectedVersion: streamVersion }, [
        new CourseUnpublished({ courseId, kind: live.kind, slug: live.slug, title: live.title, version, unpublishedBy: adminId }),
      ]);
      return { version };
    });
  }
}
