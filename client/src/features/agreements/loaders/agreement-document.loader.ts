import type { AgreementDocument, AgreementDocumentKind } from '@campus/contracts/agreements';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getAgreementDocument } from '../api/get-agreement-document';

/** `/terms`, `/privacy`: the text; any failure (network, 404, 500) is the page's error (RouteErrorPage, spec §8 page level). */
export const loadAgreementDocument =
  (kind: AgreementDocumentKind) =>
  ({ request }: LoaderFunctionArgs): Promise<AgreementDocument> =>
    getAgreementDocument(kind, { signal: request.signal, skipStatuses: 'all' });
