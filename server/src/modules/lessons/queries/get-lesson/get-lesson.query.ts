import { Query } from '@nestjs/cqrs';
import type { LessonDetail } from '../../../../contracts/lessons.js';
import type { LessonAddress } from '../../find-lesson.js';

/** One lesson page; `userId` is null for visitors. */
export class GetLessonQuery extends Query<LessonDetail> {
  constructor(
    readonly address: LessonAddress,
    readonly userId: string | null,
  ) {
    super();
  }
}
