import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { RealtimePublisher } from '../../../realtime/realtime-publisher.js';
import { readCurrentUser } from '../current-user.view.js';

/** Other tabs and devices of the learner refresh their user (e.g. close the agreement popup). */
@Injectable()
@JobHandler('push-user-when-user-changed')
export class PushUserWhenUserChangedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly realtime: RealtimePublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const user = await readCurrentUser(this.connection.db, event.streamId, this.config.termsVersion);
    if (user) this.realtime.toUser(event.streamId).emit('user.updated', user);
  }
}
