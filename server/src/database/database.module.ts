import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { type DatabaseConnection, openDatabase } from './connection.js';
import { DATABASE_CONNECTION } from './database.tokens.js';
import { EventStore } from './event-store.js';

@Global()
@Module({
  providers: [
    {
      provide: DATABASE_CONNECTION,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const connection = await openDatabase(config.database);
        await connection.migrate();
        return connection;
      },
    },
    EventStore,
  ],
  exports: [DATABASE_CONNECTION, EventStore],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async onApplicationShutdown() {
    await this.connection.close();
  }
}
