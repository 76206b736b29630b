import { Injectable, OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../database/connection.js';
import { EventStore, type InlineProjection, type StoredEvent } from '../../../database/event-store.js';
import { learnerOfLessonProgress, type LessonCompleted } from '../../lessons/events.js';
import { courseActivity } from '../course-activity.schema.js';

/**
 * Studying a lesson is a visit too: a completed lesson puts its course in the learner's history, in the
 * transaction that completes it, so the page the learner goes to next already lists it. The row's
 * stream version is course-activity's own stream's and does not move.
 */
@Injectable()
export class LessonVisitsProjection implements InlineProjection, OnModuleInit {
  readonly eventTypes = ['LessonCompleted'] as const;

  constructor(private readonly eventStore: EventStore) {}

  onModuleInit() {
    this.eventStore.addInlineProjection(this);
  }

  async apply(tx: Transaction, events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      const { courseId, completedAt } = event.data as LessonCompleted['data'];
      const at = new Date(completedAt);
      await tx
        .insert(courseActivity)
        .values({ userId: learnerOfLessonProgress(event.streamId), courseId, firstVisitedAt: at, lastVisitedAt: at })
        .onConflictDoUpdate({
          target: [courseActivity.userId, courseActivity.courseId],
          set: { firstVisitedAt: sql`coalesce(${courseActivity.firstVisitedAt}, excluded.first_visited_at)`, lastVisitedAt: at },
        });
    }
  }
}
