import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '../../../../core/errors/app-error.js';
import { clientDistDir } from '../../../../config/client-dist-dir.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { awardedCourse } from '../../../catalogue/reads.js';
import { bakeCredential } from '../../badge/baked-badge.js';
import { credentialIdOrNotFound } from '../../credential-link.js';
import { openBadgeCredentials } from '../../credentials.schema.js';
import { GetBakedBadgeQuery } from './get-baked-badge.query.js';

/** Course slugs are the artwork's file names; anything else never reaches the file system. */
const SAFE_SLUG = /^[a-z0-9-]+$/;

/**
 * The course's badge artwork (512×512, `badges/<courseSlug>.png` in the built client, the same file the
 * pages show) with the credential baked in. Baked per request: the image is small and the JWT never changes.
 */
@QueryHandler(GetBakedBadgeQuery)
export class GetBakedBadgeHandler implements IQueryHandler<GetBakedBadgeQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ credentialId }: GetBakedBadgeQuery): Promise<{ png: Buffer; courseSlug: string }> {
    const { db } = this.connection;
    const [credential] = await db
      .select({ jwt: openBadgeCredentials.jwt, courseId: openBadgeCredentials.courseId })
      .from(openBadgeCredentials)
      .where(eq(openBadgeCredentials.id, credentialIdOrNotFound(credentialId)));
    const course = credential ? await awardedCourse(db, credential.courseId) : null;
    const row = credential && course ? { jwt: credential.jwt, courseSlug: course.slug } : null;
    if (!row || !SAFE_SLUG.test(row.courseSlug)) throw notFound('デジタル認定証');
    let artwork: Buffer;
    try {
      artwork = await readFile(path.join(clientDistDir(this.config), 'badges', `${row.courseSlug}.png`));
    } catch {
      // No artwork drawn for this course (or no client built): no image rather than a made-up one.
      throw notFound('バッジ画像');
    }
    return { png: bakeCredential(artwork, row.jwt), courseSlug: row.courseSlug };
  }
}
