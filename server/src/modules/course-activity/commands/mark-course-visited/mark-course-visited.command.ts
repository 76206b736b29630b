import { Command } from '@nestjs/cqrs';
import type { ActivityCourseKind, CourseVisit } from '../../../../contracts/course-activity.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class MarkCourseVisitedCommand extends Command<CourseVisit> {
  constructor(
    readonly userId: string,
    readonly kind: ActivityCourseKind,
    readonly slug: string,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
