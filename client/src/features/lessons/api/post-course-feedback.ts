import type { CourseKind } from '@campus/contracts/catalogue';
import type { FeedbackRequest } from '@campus/contracts/lessons';
import { apiClient } from '../../../lib/api-client';

export interface FeedbackReceipt {
  receivedAt: string;
}

/**
 * POST /api/v1/{kind}-courses/{slug}/feedback — the review of a completed course (spec §3, §5).
 * The review popup is on screen while this runs and shows the failure itself (a second popup
 * would only queue behind it), so no status gets the default handling.
 */
export function postCourseFeedback(courseKind: CourseKind, courseSlug: string, body: FeedbackRequest): Promise<FeedbackReceipt> {
  return apiClient.post<FeedbackReceipt>(`/api/v1/${courseKind}-courses/${encodeURIComponent(courseSlug)}/feedback`, body, {
    skipStatuses: 'all',
  });
}
