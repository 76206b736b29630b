import type { CourseKind } from '@campus/contracts/catalogue';
import type { FeedbackRequest } from '@campus/contracts/lessons';
import { giveCourseFeedback } from '@campus/contracts/routes/lessons';
import { callApi } from '../../../lib/call-api';

export interface FeedbackReceipt {
  receivedAt: string;
}

/**
 * The review of a completed course (spec §3, §5). The review popup is on screen while this runs and
 * shows the failure itself (a second popup would only queue behind it), so no status gets the
 * default handling.
 */
export function postCourseFeedback(courseKind: CourseKind, courseSlug: string, body: FeedbackRequest): Promise<FeedbackReceipt> {
  return callApi(giveCourseFeedback, { params: { kind: courseKind, courseSlug }, body }, { skipStatuses: 'all' });
}
