import type { RequestOptions } from '../../../lib/api-client';

/** What a catalogue call lets its caller decide: loaders pass their abort signal and `skipStatuses: 'all'`. */
export type CatalogueRequestOptions = Pick<RequestOptions, 'signal' | 'skipStatuses'>;
