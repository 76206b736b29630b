import { Query } from '@nestjs/cqrs';
import type { QueueHealth } from '../../../../contracts/queue-health.js';

/** Job counts and workers of the queue, and how far the outbox relay is behind. */
export class GetQueueHealthQuery extends Query<QueueHealth> {}
