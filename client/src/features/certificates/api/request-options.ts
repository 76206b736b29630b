import type { RequestOptions } from '../../../lib/api-client';

/** What a certificates call lets its caller decide: loaders pass their abort signal and `skipStatuses: 'all'`. */
export type CertificateRequestOptions = Pick<RequestOptions, 'signal' | 'skipStatuses'>;
