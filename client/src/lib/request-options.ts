import type { RequestOptions } from './api-client';

/** What a read lets its caller decide: loaders pass their abort signal and `skipStatuses: 'all'`. */
export type ReadOptions = Pick<RequestOptions, 'signal' | 'skipStatuses'>;
