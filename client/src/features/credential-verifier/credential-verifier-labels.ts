import type { CredentialVerification } from '@campus/contracts/credentials';

export const VERIFIER_TITLE = 'デジタル認定証の検証';
export const NO_NAME_TEXT = '氏名は含まれていません';

export const STATUS_LABELS: Record<CredentialVerification['status'], string> = {
  valid: '有効',
  expired: '期限切れ',
  revoked: '取り消し',
  unknown: '確認できませんでした',
  'not-yet-valid': '有効期間の開始前',
};

export const FORMAT_LABELS: Record<CredentialVerification['format'], string> = {
  'data-integrity': 'JSON（Data Integrity 証明）',
  jwt: 'JWT（VC-JOSE）',
};
