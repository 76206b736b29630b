import type { AgreementDocumentKind } from '@campus/contracts/agreements';

/** The pages of the two texts a learner accepts, for the footer, the agreement dialog and the router. */
export const AGREEMENT_PAGES: readonly { kind: AgreementDocumentKind; path: string; label: string }[] = [
  { kind: 'terms', path: '/terms', label: '利用規約' },
  { kind: 'privacy', path: '/privacy', label: 'プライバシーポリシー' },
];
