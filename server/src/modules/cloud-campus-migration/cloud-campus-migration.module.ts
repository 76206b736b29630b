import { Global, Module } from '@nestjs/common';
import { MIGRATION_OFFER_AT_SIGN_IN } from '../identity/user-stream.js';
import { CloudCampusMigrationAdminController } from './cloud-campus-migration.admin.controller.js';
import { CloudCampusMigrationController } from './cloud-campus-migration.controller.js';
import { ImportLegacyBadgesHandler } from './commands/import-legacy-badges/import-legacy-badges.handler.js';
import { MigrateFromCloudCampusHandler } from './commands/migrate-from-cloud-campus/migrate-from-cloud-campus.handler.js';
import { StartLegacyBadgeImportHandler } from './commands/start-legacy-badge-import/start-legacy-badge-import.handler.js';
import { GetLegacyBadgeImportHandler } from './queries/get-legacy-badge-import/get-legacy-badge-import.handler.js';
import { ListLegacyBadgeImportsHandler } from './queries/list-legacy-badge-imports/list-legacy-badge-imports.handler.js';
import { CloudCampusMigrationOfferAtSignIn } from './migration-offer.js';
import { ImportLegacyBadgesWhenImportRequestedHandler } from './reactions/import-legacy-badges-when-import-requested.handler.js';

/** Global for one provider: identity's sign-in (below this module) asks it for the migration offer. */
@Global()
@Module({
  controllers: [CloudCampusMigrationController, CloudCampusMigrationAdminController],
  providers: [
    MigrateFromCloudCampusHandler,
    ImportLegacyBadgesHandler,
    StartLegacyBadgeImportHandler,
    ListLegacyBadgeImportsHandler,
    GetLegacyBadgeImportHandler,
    ImportLegacyBadgesWhenImportRequestedHandler,
    { provide: MIGRATION_OFFER_AT_SIGN_IN, useClass: CloudCampusMigrationOfferAtSignIn },
  ],
  exports: [MIGRATION_OFFER_AT_SIGN_IN],
})
export class CloudCampusMigrationModule {}
