import type { AgreementDocument, AgreementDocumentKind } from '@campus/contracts/agreements';
import { getPrivacyPolicy, getTerms } from '@campus/contracts/routes/agreements';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** The terms or the privacy policy: the text a learner accepts, with its version. */
export function getAgreementDocument(kind: AgreementDocumentKind, options: ReadOptions = {}): Promise<AgreementDocument> {
  return callApi(kind === 'terms' ? getTerms : getPrivacyPolicy, {}, options);
}
