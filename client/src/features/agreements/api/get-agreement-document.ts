import type { AgreementDocument, AgreementDocumentKind } from '@campus/contracts/agreements';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/agreements/terms or /privacy — the text a learner accepts, with its version. */
export function getAgreementDocument(kind: AgreementDocumentKind, options: ReadOptions = {}): Promise<AgreementDocument> {
  return apiClient.get<AgreementDocument>(`/api/v1/agreements/${kind}`, options);
}
