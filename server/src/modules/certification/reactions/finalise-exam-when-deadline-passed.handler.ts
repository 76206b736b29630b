import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { examSessions } from '../certification.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { FinaliseOverdueExamsCommand } from '../commands/finalise-overdue-exams/finalise-overdue-exams.command.js';

/**
 * A delayed job, due after the deadline and its grace: a session still open is finished with the
 * answers saved so far, browser or not. The first job that comes due closes every overdue session;
 * the jobs of the sessions it closed (or that a learner's read closed first) find nothing to do.
 *
 * One sweep at a time per process: in a storm the jobs that come due together (up to the worker's
 * concurrency) wait for the sweep in flight instead of opening concurrent batch transactions that fight
 * for the same two cores, so each batch commits, and pushes its time-ups, sooner.
 */
@Injectable()
@JobHandler('finalise-exam-when-deadline-passed')
export class FinaliseExamWhenDeadlinePassedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly commandBus: CommandBus,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    if (!(await this.isRunning(event.streamId))) return;
    await this.commandBus.execute(
      new FinaliseOverdueExamsCommand({ actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id }),
    );
    // Too early (a clock ahead of ours), or a submit holds the row: failing lets BullMQ look again after its backoff.
    if (await this.isRunning(event.streamId)) throw new Error(`exam ${event.streamId} is still open`);
  }

  private async isRunning(examSessionId: string): Promise<boolean> {
    const [session] = await this.connection.db.select({ status: examSessions.status }).from(examSessions).where(eq(examSessions.id, examSessionId));
    return session?.status === 'running';
  }
}
