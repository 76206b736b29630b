import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { badgeArtworkNameOf, certificationLabelOf } from '../../contracts/catalogue-slugs.js';
import { composePageTitle, PAGE_PRESETS, SITE_NAME, type PageMetadata } from '../../contracts/page-metadata.js';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { awardedCourse } from '../catalogue/reads.js';
import { certificates } from './certificates.schema.js';
import { levelOf } from './document/certificate-content.js';

const VERIFICATION_PATH = /^\/certificates\/verify\/([0-9A-Za-z-]{10,13})\/?$/;

/** The badge artwork's size (client/public/badges/<courseSlug>.png). */
const BADGE_IMAGE_SIZE = { width: 512, height: 512 } as const;

/**
 * The share card of a certificate's verification page (the page a learner shares their badge with):
 * the course's badge image, the badge's name and level. Never the holder's name: a share preview
 * travels further than the link.
 */
@Injectable()
export class CertificateVerificationPages {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async metadataOf(pathname: string): Promise<PageMetadata | undefined> {
    const slug = VERIFICATION_PATH.exec(pathname)?.[1];
    if (!slug) return undefined;
    const { db } = this.connection;
    const [certificate] = await db.select({ courseId: certificates.courseId }).from(certificates).where(eq(certificates.slug, slug.toUpperCase().replace(/-/g, '')));
    const course = certificate ? await awardedCourse(db, certificate.courseId) : null;
    if (!course) return undefined;
    const row = { courseSlug: course.slug, courseTitle: course.title };
    const label = certificationLabelOf(row.courseSlug, row.courseTitle);
    const level = levelOf(row.courseSlug) === 'ADVANCED' ? 'Advanced' : 'Basic';
    return {
      ...PAGE_PRESETS.certification,
      title: composePageTitle(`${label} 認定バッジ`),
      description: `${SITE_NAME}の「${label}」認定バッジ（レベル: ${level}）。認定試験の合格者に発行され、このページで有効性を確認できます。`,
      image: `/badges/${badgeArtworkNameOf(row.courseSlug)}.png`,
      imageSize: BADGE_IMAGE_SIZE,
      card: 'summary',
    };
  }
}
