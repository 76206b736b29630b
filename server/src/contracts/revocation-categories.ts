// Framework-free (no zod): the client's pages import the labels without the schemas.

/** Why an admin revoked a credential, as verifiers are told it: the free-text reason stays internal. */
export const REVOCATION_CATEGORIES = ['misconduct', 'issued-in-error', 'holder-request', 'other'] as const;
export type RevocationCategory = (typeof REVOCATION_CATEGORIES)[number];

/** The categories in the words the public pages and the admin console use (「…取り消されました」 follows). */
export const REVOCATION_CATEGORY_LABELS: Record<RevocationCategory, string> = {
  misconduct: '不正行為が確認されたため',
  'issued-in-error': '誤って発行されたため',
  'holder-request': '本人の申し出により',
  other: 'その他の理由により',
};

/** Their short names, as the admin console lists and offers them. */
export const REVOCATION_CATEGORY_NAMES: Record<RevocationCategory, string> = {
  misconduct: '不正行為',
  'issued-in-error': '誤発行',
  'holder-request': '本人の申し出',
  other: 'その他',
};
