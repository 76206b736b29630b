// Framework-free (no zod): the certificate pages import the labels without the schemas.

/**
 * The words for a certificate's facts, printed on the PDF and shown on the site alike, so the paper and
 * the page a learner compares it with never disagree.
 */
export const CERTIFICATE_FACT_LABELS = {
  holderName: '氏名',
  course: '認定コース',
  level: 'レベル',
  issuedOn: '取得日',
  expiresOn: '有効期限',
  status: '状態',
  number: '認定証番号',
} as const;
