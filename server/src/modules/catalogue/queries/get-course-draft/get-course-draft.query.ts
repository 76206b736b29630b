import { Query } from '@nestjs/cqrs';
import type { CourseDraft } from '../../../../contracts/studio-courses.js';

/** The course as the studio edits it: its draft, or the published course when it has none. */
export class GetCourseDraftQuery extends Query<CourseDraft> {
  constructor(readonly courseId: string) {
    super();
  }
}
