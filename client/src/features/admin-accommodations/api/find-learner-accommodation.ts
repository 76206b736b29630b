import { learnerAccommodationSchema, type LearnerAccommodation } from '@campus/contracts/exam-accommodations';
import { findLearnerAccommodation as findRoute } from '@campus/contracts/routes/admin-accommodations';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** The learner with this e-mail address and the extra exam time they hold now. */
export function findLearnerAccommodation(email: string): Promise<LearnerAccommodation> {
  return callApi(findRoute, { query: { email } }, {
    noCache: true,
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => learnerAccommodationSchema.parse(data),
  });
}
