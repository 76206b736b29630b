import { Inject, Injectable } from '@nestjs/common';
import type { UnreadFlags } from '../../contracts/notifications.js';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { PushPayloads, type ReadsPushPayloads } from '../../realtime/push-payloads.js';
import { readUnreadFlags } from './unread-flags.view.js';

/** `unread.changed` carries the learner's flags as `has-unread` answers them now. */
@Injectable()
@PushPayloads('unread.changed')
export class UnreadFlagsPushPayloads implements ReadsPushPayloads<'unread.changed'> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  readPayloads(userIds: readonly string[]): Promise<Map<string, UnreadFlags>> {
    return readUnreadFlags(this.connection.db, userIds, new Date());
  }
}
