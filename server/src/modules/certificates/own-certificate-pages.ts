import { Inject, Injectable } from '@nestjs/common';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { holdsCertificate } from './certificate-view.js';

/**
 * Whether a learner's certificate page (/mypage/certificates/{id or slug}) shows a certificate of
 * theirs: an unknown one, or another learner's, is an HTTP 404 (common/http/page-status.ts), as the
 * API answers it.
 */
@Injectable()
export class OwnCertificatePages {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  holds(userId: string, idOrSlug: string): Promise<boolean> {
    return holdsCertificate(this.connection.db, userId, idOrSlug);
  }
}
