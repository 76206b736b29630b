import type { UnitOfWork } from '../../database/event-store.js';

/**
 * The migration's own lock, per learner: a double click on the migration waits for the first call (which
 * leaves nothing to migrate), and an import offering the migration waits for a migration under way.
 */
export const lockLearnersMigration = (unit: UnitOfWork, userId: string) => unit.lockStream('cloud-campus-migration', userId);
