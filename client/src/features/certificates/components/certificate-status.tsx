import { CERTIFICATE_STATUS_LABELS, type CertificateDisplayStatus } from '../certificate-labels';

/** 有効 / 有効期限切れ / 取り消し: text first, colour only as a second cue. */
export function CertificateStatus({ status }: { status: CertificateDisplayStatus }) {
  return <span className={`certificate-status certificate-status--${status}`}>{CERTIFICATE_STATUS_LABELS[status]}</span>;
}
