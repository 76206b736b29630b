import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import type { CurrentUser } from '../../contracts/current-user.js';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { PushPayloads, type ReadsPushPayloads } from '../../realtime/push-payloads.js';
import { currentUsers } from '../identity/reads.js';

/** `user.updated` carries the user as `/me` answers it now, whichever event changed it. */
@Injectable()
@PushPayloads('user.updated')
export class CurrentUserPushPayloads implements ReadsPushPayloads<'user.updated'> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  readPayloads(userIds: readonly string[]): Promise<Map<string, CurrentUser>> {
    return currentUsers(this.connection.db, userIds, this.config.termsVersion);
  }
}
