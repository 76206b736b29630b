import { Command } from '@nestjs/cqrs';
import type { StartedJob } from '../../../../contracts/queue-health.js';

/** Runs a clock-driven job once now, leaving its schedule as it is. */
export class RunScheduledJobCommand extends Command<StartedJob> {
  constructor(
    readonly queueName: string,
    readonly jobName: string,
  ) {
    super();
  }
}
