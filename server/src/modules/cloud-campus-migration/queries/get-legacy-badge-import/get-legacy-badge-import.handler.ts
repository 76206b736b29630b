import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { LegacyBadgeImport } from '../../../../contracts/legacy-badge-imports.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { legacyBadgeImports } from '../../cloud-campus-migration.schema.js';
import { legacyBadgeImportColumns, legacyBadgeImportView } from '../../legacy-badge-import-view.js';
import { GetLegacyBadgeImportQuery } from './get-legacy-badge-import.query.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@QueryHandler(GetLegacyBadgeImportQuery)
export class GetLegacyBadgeImportHandler implements IQueryHandler<GetLegacyBadgeImportQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ importId }: GetLegacyBadgeImportQuery): Promise<LegacyBadgeImport> {
    // Anything but a uuid names no import, and must be a 404 rather than a database cast error.
    if (!UUID.test(importId)) throw notFound('取り込み');
    const [row] = await this.connection.db.select(legacyBadgeImportColumns).from(legacyBadgeImports).where(eq(legacyBadgeImports.id, importId));
    if (!row) throw notFound('取り込み');
    return legacyBadgeImportView(row);
  }
}
