import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { desc, sql } from 'drizzle-orm';
import type { LegacyBadgeImportList } from '../../../../contracts/legacy-badge-imports.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { legacyBadgeImports } from '../../cloud-campus-migration.schema.js';
import { legacyBadgeImportSummary, legacyBadgeImportSummaryColumns } from '../../legacy-badge-import-view.js';
import { ListLegacyBadgeImportsQuery } from './list-legacy-badge-imports.query.js';

const LATEST = 20;

@QueryHandler(ListLegacyBadgeImportsQuery)
export class ListLegacyBadgeImportsHandler implements IQueryHandler<ListLegacyBadgeImportsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute(): Promise<LegacyBadgeImportList> {
    const rows = await this.connection.db
      .select({ ...legacyBadgeImportSummaryColumns, rejectedCount: sql<number>`jsonb_array_length(${legacyBadgeImports.rejectedRows})` })
      .from(legacyBadgeImports)
      .orderBy(desc(legacyBadgeImports.requestedAt), desc(legacyBadgeImports.id))
      .limit(LATEST);
    return { items: rows.map(legacyBadgeImportSummary) };
  }
}
