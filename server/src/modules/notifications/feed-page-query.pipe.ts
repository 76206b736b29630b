import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { feedPageQuerySchema } from '../../contracts/notifications.js';

/** The `?page&limit` of every feed list, learners' and admins'. */
export const feedPageQuery = new ZodValidationPipe(feedPageQuerySchema, 'query');
