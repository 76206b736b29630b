import { Query } from '@nestjs/cqrs';
import type { LegacyBadgeImportList } from '../../../../contracts/legacy-badge-imports.js';

/** The latest CSV imports, newest first, each with how many rows it refused rather than the rows. */
export class ListLegacyBadgeImportsQuery extends Query<LegacyBadgeImportList> {}
