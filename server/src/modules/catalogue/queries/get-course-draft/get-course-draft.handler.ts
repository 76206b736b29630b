import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { coursePath } from '../../../../contracts/course-path.js';
import type { CourseDraft } from '../../../../contracts/studio-courses.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { adminNamesOf } from '../../studio/admin-names.js';
import { publishBlockersOf } from '../../studio/course-draft-document.js';
import { loadCourseDraft } from '../../studio/load-course-draft.js';
import { GetCourseDraftQuery } from './get-course-draft.query.js';

@QueryHandler(GetCourseDraftQuery)
export class GetCourseDraftHandler implements IQueryHandler<GetCourseDraftQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ courseId }: GetCourseDraftQuery): Promise<CourseDraft> {
    const db = this.connection.db;
    const draft = await loadCourseDraft(db, courseId);
    const names = await adminNamesOf(db, [draft.updatedBy]);
    return {
      courseId,
      version: draft.version,
      document: draft.document,
      live: draft.live ? { published: draft.live.published, version: draft.live.version, path: coursePath(draft.live.kind, draft.live.program, draft.live.slug) } : null,
      updatedAt: draft.updatedAt?.toISOString() ?? null,
      updatedByName: draft.updatedBy ? (names.get(draft.updatedBy) ?? null) : null,
      mediaBaseUrl: this.config.storage.mediaBaseUrl,
      publishBlockers: draft.version === 0 ? [] : publishBlockersOf(draft.document),
    };
  }
}
