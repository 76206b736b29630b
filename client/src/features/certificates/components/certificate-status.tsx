import type { Certificate } from '@campus/contracts/certificates';
import { CERTIFICATE_STATUS_LABELS } from '../certificate-labels';

/** 有効 / 有効期限切れ: text first, colour only as a second cue. */
export function CertificateStatus({ status }: { status: Certificate['status'] }) {
  return <span className={`certificate-status certificate-status--${status}`}>{CERTIFICATE_STATUS_LABELS[status]}</span>;
}
