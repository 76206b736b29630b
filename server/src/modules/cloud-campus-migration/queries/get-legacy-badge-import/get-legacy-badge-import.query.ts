import { Query } from '@nestjs/cqrs';
import type { LegacyBadgeImport } from '../../../../contracts/legacy-badge-imports.js';

/** One CSV import with every row it refused. */
export class GetLegacyBadgeImportQuery extends Query<LegacyBadgeImport> {
  constructor(readonly importId: string) {
    super();
  }
}
