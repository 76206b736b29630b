import { learnerAccommodationSchema, type ExamAccommodationRequest, type LearnerAccommodation } from '@campus/contracts/exam-accommodations';
import { grantExamAccommodation as grantRoute } from '@campus/contracts/routes/admin-accommodations';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** Grants (or replaces) the learner's extra exam time; the same terms again change nothing. */
export function grantExamAccommodation(userId: string, request: ExamAccommodationRequest): Promise<LearnerAccommodation> {
  return callApi(grantRoute, { params: { userId }, body: request }, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => learnerAccommodationSchema.parse(data),
  });
}
