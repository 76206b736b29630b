import type { AgreementDocument, AgreementDocumentKind } from '@campus/contracts/agreements';
import { apiClient, type RequestOptions } from '../../../lib/api-client';

/** GET /api/v1/agreements/terms or /privacy — the text a learner accepts, with its version. */
export function getAgreementDocument(kind: AgreementDocumentKind, options: Pick<RequestOptions, 'signal' | 'skipStatuses'> = {}): Promise<AgreementDocument> {
  return apiClient.get<AgreementDocument>(`/api/v1/agreements/${kind}`, options);
}
