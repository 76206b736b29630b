import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CourseVisit } from '../../../../contracts/course-activity.js';
import { EventStore } from '../../../../database/event-store.js';
import { courseActivity } from '../../course-activity.schema.js';
import { loadCourseActivity } from '../../course-activity-row.js';
import { COURSE_ACTIVITY_STREAM, courseActivityStreamId, CourseVisited } from '../../events.js';
import { MarkCourseVisitedCommand } from './mark-course-visited.command.js';

@CommandHandler(MarkCourseVisitedCommand)
export class MarkCourseVisitedHandler implements ICommandHandler<MarkCourseVisitedCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, kind, slug, meta }: MarkCourseVisitedCommand): Promise<CourseVisit> {
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const { courseId, activity } = await loadCourseActivity(tx, userId, kind, slug);
      const visitedAt = new Date();
      const version = activity?.streamVersion ?? 0;
      await append({ streamType: COURSE_ACTIVITY_STREAM, streamId: courseActivityStreamId(userId, courseId), expectedVersion: version }, [
        new CourseVisited({ courseId, kind, slug, visitedAt: visitedAt.toISOString() }),
      ]);
      await tx
        .insert(courseActivity)
        .values({ userId, courseId, firstVisitedAt: visitedAt, lastVisitedAt: visitedAt, streamVersion: 1 })
        .onConflictDoUpdate({
          target: [courseActivity.userId, courseActivity.courseId],
          set: { firstVisitedAt: activity?.firstVisitedAt ?? visitedAt, lastVisitedAt: visitedAt, streamVersion: version + 1 },
        });
      return { visitedAt: visitedAt.toISOString() };
    });
  }
}
