import type { MigrationResult } from '@campus/contracts/certificates';
import { apiClient } from '../../api-client';

/**
 * PUT /api/v1/migrate-from-cloud-campus/ (no body) — carries the learner's Cloud Campus badges over.
 * Idempotent: a second call answers an empty list.
 */
export function migrateFromCloudCampus(): Promise<MigrationResult> {
  return apiClient.put<MigrationResult>('/api/v1/migrate-from-cloud-campus/');
}
