import { Query } from '@nestjs/cqrs';

/** A credential's badge image with the credential baked in (404 when unknown or the course has no artwork). */
export class GetBakedBadgeQuery extends Query<{ png: Buffer; courseSlug: string }> {
  constructor(readonly credentialId: string) {
    super();
  }
}
