import { users } from './identity.schema.js';

/** The key other modules' rows reference for their learner (`.references(userKey, { onDelete: 'cascade' })`). */
export const userKey = () => users.id;
