import { Module } from '@nestjs/common';
import { CloudCampusMigrationController } from './cloud-campus-migration.controller.js';
import { ImportLegacyBadgesHandler } from './commands/import-legacy-badges/import-legacy-badges.handler.js';
import { MigrateFromCloudCampusHandler } from './commands/migrate-from-cloud-campus/migrate-from-cloud-campus.handler.js';

@Module({
  controllers: [CloudCampusMigrationController],
  providers: [MigrateFromCloudCampusHandler, ImportLegacyBadgesHandler],
})
export class CloudCampusMigrationModule {}
