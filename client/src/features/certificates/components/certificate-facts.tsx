import type { Certificate } from '@campus/contracts/certificates';
import { CERTIFICATE_FACT_LABELS as LABELS } from '@campus/contracts/certificate-fact-labels';
import type { ReactNode } from 'react';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import { CERTIFICATE_LEVEL_LABELS, type CertificateDisplayStatus } from '../certificate-labels';
import { CertificateStatus } from './certificate-status';

type CertificateFactsSource = Pick<Certificate, 'slug' | 'courseLabel' | 'level' | 'holderName' | 'issuedAt' | 'expiresAt'> & { status: CertificateDisplayStatus };

interface CertificateFactsProps {
  certificate: CertificateFactsSource;
  /** Where the course is not the heading already. */
  withCourse?: boolean;
  /** Where the status is not shown next to the heading. */
  withStatus?: boolean;
  /** The certificate number: on the detail and verification pages, not in the cards. */
  withNumber?: boolean;
  compact?: boolean;
}

const dateOf = (value: string) => <time dateTime={value}>{formatJapaneseDate(value)}</time>;

/** 氏名, レベル, 取得日, 有効期限 … of a certificate, as a description list. */
export function CertificateFacts({ certificate, withCourse, withStatus, withNumber, compact }: CertificateFactsProps) {
  const facts: { term: string; value: ReactNode }[] = [
    { term: LABELS.holderName, value: certificate.holderName },
    ...(withCourse ? [{ term: LABELS.course, value: certificate.courseLabel }] : []),
    { term: LABELS.level, value: CERTIFICATE_LEVEL_LABELS[certificate.level] },
    { term: LABELS.issuedOn, value: dateOf(certificate.issuedAt) },
    { term: LABELS.expiresOn, value: dateOf(certificate.expiresAt) },
    ...(withStatus ? [{ term: LABELS.status, value: <CertificateStatus status={certificate.status} /> }] : []),
    ...(withNumber ? [{ term: LABELS.number, value: certificate.slug }] : []),
  ];
  return (
    <dl className={`certificate-facts${compact ? ' certificate-facts--compact' : ''}`}>
      {facts.map((fact) => (
        <div key={fact.term} className="certificate-facts__row">
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
