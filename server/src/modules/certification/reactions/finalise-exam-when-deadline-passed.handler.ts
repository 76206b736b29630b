import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { examFinalisationDue } from '../registrations.js';
import { examSessions } from '../certification.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { FinaliseOverdueExamsCommand } from '../commands/finalise-overdue-exams/finalise-overdue-exams.command.js';

/** A job released early waits this long at most for its due moment; one further off (a clock ahead of ours) fails and is retried. */
const LONGEST_WAIT_FOR_DUE_MS = 1_000;

interface Sweep {
  startedAt: number;
  done: Promise<unknown>;
}

/**
 * A delayed job, due after the deadline and its grace: a session still open is finished with the
 * answers saved so far, browser or not. The first job that comes due closes every overdue session;
 * the jobs of the sessions it closed (or that the reconciler or a learner's start closed first) find nothing to do.
 *
 * The job is released a little before its due moment (`FINALISATION_EARLY_RELEASE_MS`) and waits for it
 * here. In a storm, the jobs due by the time a sweep of this process began join that sweep instead of
 * starting their own: a session the sweep holds still reads as running until its batch commits, and a
 * job that swept in vain would fail, be retried and sweep again, spending the cores the batches and
 * their time-up pushes need. The sweep itself runs its batches side by side.
 */
@Injectable()
@JobHandler('finalise-exam-when-deadline-passed')
export class FinaliseExamWhenDeadlinePassedHandler implements HandlesJob<StoredEvent> {
  private sweep?: Sweep;

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly commandBus: CommandBus,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    if (!(await this.isRunning(event.streamId))) return;
    const due = examFinalisationDue(event.data) ?? Date.now();
    const early = due - Date.now();
    if (early > 0 && early <= LONGEST_WAIT_FOR_DUE_MS) await sleep(early);
    await this.sweepCovering(due, event);
    // Too early (a clock ahead of ours), or a submit holds the row: failing lets BullMQ look again after its backoff.
    if (await this.isRunning(event.streamId)) throw new Error(`exam ${event.streamId} is still open`);
  }

  /** A sweep that began at or after `due` closes this session too; otherwise a new one begins now. */
  private sweepCovering(due: number, event: StoredEvent): Promise<unknown> {
    if (this.sweep && this.sweep.startedAt >= due) return this.sweep.done;
    const sweep: Sweep = {
      startedAt: Date.now(),
      done: this.commandBus
        .execute(new FinaliseOverdueExamsCommand({ actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id }))
        .finally(() => {
          if (this.sweep === sweep) this.sweep = undefined;
        }),
    };
    this.sweep = sweep;
    return sweep.done;
  }

  private async isRunning(examSessionId: string): Promise<boolean> {
    const [session] = await this.connection.db.select({ status: examSessions.status }).from(examSessions).where(eq(examSessions.id, examSessionId));
    return session?.status === 'running';
  }
}
