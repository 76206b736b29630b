import type { RequestOptions } from '../../../lib/api-client';

/** What a lesson read lets its caller decide: loaders pass their abort signal and `skipStatuses: 'all'`. */
export type LessonRequestOptions = Pick<RequestOptions, 'signal' | 'skipStatuses'>;
