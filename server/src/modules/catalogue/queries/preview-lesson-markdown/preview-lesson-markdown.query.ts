import { Query } from '@nestjs/cqrs';
import type { LessonPreview } from '../../../../contracts/studio-courses.js';

/** The studio's live preview: a lesson's Markdown rendered exactly as the lesson page gets it. */
export class PreviewLessonMarkdownQuery extends Query<LessonPreview> {
  constructor(readonly body: string) {
    super();
  }
}
