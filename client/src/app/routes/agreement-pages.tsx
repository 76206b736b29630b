import type { AgreementDocument } from '@campus/contracts/agreements';
import { useLoaderData } from 'react-router-dom';
import { AgreementDocumentView } from '../../features/agreements/components/agreement-document-view';
import { loadAgreementDocument } from '../../features/agreements/loaders/agreement-document.loader';

export const termsLoader = loadAgreementDocument('terms');
export const privacyLoader = loadAgreementDocument('privacy');

/** /terms — 利用規約, public (the agreement dialog opens it in a new tab). */
export function TermsPage() {
  return <AgreementDocumentView document={useLoaderData() as AgreementDocument} />;
}

/** /privacy — プライバシーポリシー, public. */
export function PrivacyPage() {
  return <AgreementDocumentView document={useLoaderData() as AgreementDocument} />;
}
