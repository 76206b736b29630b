import { Query } from '@nestjs/cqrs';
import type { LearnerAccommodation } from '../../../../contracts/exam-accommodations.js';

/** The learner with this e-mail address (profile or verified), and their extra exam time. */
export class FindLearnerAccommodationQuery extends Query<LearnerAccommodation> {
  constructor(readonly email: string) {
    super();
  }
}
