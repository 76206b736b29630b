import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { FavoriteState } from '../../../../contracts/course-activity.js';
import { EventStore } from '../../../../database/event-store.js';
import { courseActivity } from '../../course-activity.schema.js';
import { loadCourseActivity } from '../../course-activity-row.js';
import { COURSE_ACTIVITY_STREAM, courseActivityStreamId, CourseFavoriteSet } from '../../events.js';
import { SetCourseFavoriteCommand } from './set-course-favorite.command.js';

@CommandHandler(SetCourseFavoriteCommand)
export class SetCourseFavoriteHandler implements ICommandHandler<SetCourseFavoriteCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, kind, slug, value, meta }: SetCourseFavoriteCommand): Promise<FavoriteState> {
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const { courseId, activity } = await loadCourseActivity(tx, userId, kind, slug);
      // Setting what is already set (a retry, a second tab) is not a new fact.
      if ((activity?.isFavorite ?? false) === value) return { isFavorite: value };

      const version = activity?.streamVersion ?? 0;
      await append({ streamType: COURSE_ACTIVITY_STREAM, streamId: courseActivityStreamId(userId, courseId), expectedVersion: version }, [
        new CourseFavoriteSet({ courseId, kind, slug, value }),
      ]);
      const change = { isFavorite: value, favoritedAt: value ? new Date() : null, streamVersion: version + 1 };
      await tx
        .insert(courseActivity)
        .values({ userId, courseId, ...change })
        .onConflictDoUpdate({ target: [courseActivity.userId, courseActivity.courseId], set: change });
      return { isFavorite: value };
    });
  }
}
