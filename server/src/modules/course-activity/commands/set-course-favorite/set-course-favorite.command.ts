import { Command } from '@nestjs/cqrs';
import type { ActivityCourseKind, FavoriteState } from '../../../../contracts/course-activity.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class SetCourseFavoriteCommand extends Command<FavoriteState> {
  constructor(
    readonly userId: string,
    readonly kind: ActivityCourseKind,
    readonly slug: string,
    readonly value: boolean,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
