import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../../core/errors/app-error.js';
import type { CourseDraftDocument } from '../../../../contracts/studio-courses.js';
import { EventStore } from '../../../../database/event-store.js';
import { isUniqueViolation } from '../../../../database/unique-violation.js';
import { courseDrafts, courses } from '../../catalogue.schema.js';
import { COURSE_STREAM, CourseDraftSaved } from '../../events.js';
import { CreateCourseDraftCommand } from './create-course-draft.command.js';

const slugTaken = () => new AppError('VALIDATION_FAILED', 'このスラッグのコースはすでにあります', 'slug');

@CommandHandler(CreateCourseDraftCommand)
export class CreateCourseDraftHandler implements ICommandHandler<CreateCourseDraftCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ adminId, request, meta }: CreateCourseDraftCommand): Promise<{ courseId: string }> {
    const courseId = randomUUID();
    try {
      return await this.eventStore.commit(meta, async ({ tx, append }) => {
        const [taken] = await tx.select({ id: courses.id }).from(courses).where(and(eq(courses.kind, request.kind), eq(courses.slug, request.slug)));
        if (taken) throw slugTaken();
        const [{ position }] = (await tx.select({ position: sql<number>`coalesce(max(${courses.position}), -1) + 1` }).from(courses)) as [{ position: number }];
        const document: CourseDraftDocument = {
          course: {
            kind: request.kind,
            program: request.program,
            slug: request.slug,
            title: request.title,
            summary: request.title,
            level: 'BEGINNER',
            categories: [],
            estimatedMinutes: 10,
            loginRequired: false,
            position: Number(position),
            thumbnailPath: null,
            featuredHeadline: null,
          },
          lessons: [],
        };
        await tx.insert(courseDrafts).values({ courseId, kind: request.kind, slug: request.slug, document, version: 1, updatedBy: adminId });
        await append({ streamType: COURSE_STREAM, streamId: courseId, expectedVersion: 0 }, [
          new CourseDraftSaved({ courseId, kind: request.kind, slug: request.slug, title: request.title, draftVersion: 1, lessonCount: 0, savedBy: adminId }),
        ]);
        return { courseId };
      });
    } catch (error) {
      // Two admins creating the same slug at once: the draft's unique index decides.
      if (isUniqueViolation(error, 'course_drafts_kind_slug_key')) throw slugTaken();
      throw error;
    }
  }
}
