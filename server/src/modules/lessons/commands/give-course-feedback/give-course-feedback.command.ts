import { Command } from '@nestjs/cqrs';
import type { CourseKind } from '../../../../contracts/catalogue.js';
import type { FeedbackRequest } from '../../../../contracts/lessons.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class GiveCourseFeedbackCommand extends Command<{ receivedAt: string }> {
  constructor(
    readonly userId: string,
    readonly kind: CourseKind,
    readonly courseSlug: string,
    readonly feedback: FeedbackRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
