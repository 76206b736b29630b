import { learnerAccommodationSchema, type LearnerAccommodation } from '@campus/contracts/exam-accommodations';
import { withdrawExamAccommodation as withdrawRoute } from '@campus/contracts/routes/admin-accommodations';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** Withdraws the learner's extra exam time (nothing happens when they hold none). */
export function withdrawExamAccommodation(userId: string): Promise<LearnerAccommodation> {
  return callApi(withdrawRoute, { params: { userId } }, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => learnerAccommodationSchema.parse(data),
  });
}
