import { Query } from '@nestjs/cqrs';
import type { ExamPreview } from '../../../../contracts/studio-questions.js';

/** A sample exam from the working bank, drafts included: how the blueprint will look to a learner. */
export class PreviewExamDrawQuery extends Query<ExamPreview> {
  constructor(readonly courseSlug: string) {
    super();
  }
}
