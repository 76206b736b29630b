import type { MigrationResult } from '@campus/contracts/certificates';
import { migrateFromCloudCampus as migrateRoute } from '@campus/contracts/routes/agreements';
import { callApi } from '../../call-api';

/**
 * Carries the learner's Cloud Campus badges over. Idempotent: a second call answers an empty list.
 */
export function migrateFromCloudCampus(): Promise<MigrationResult> {
  return callApi(migrateRoute, {});
}
