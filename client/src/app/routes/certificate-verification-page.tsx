import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { CertificateVerificationView } from '../../features/certificates/components/certificate-verification-view';
import { loadCertificateVerification } from '../../features/certificates/loaders/certificate.loaders';

export const certificateVerificationLoader = ({ params, request }: LoaderFunctionArgs) =>
  loadCertificateVerification(params.certificateSlug ?? '', request);

/** /certificates/verify/{certificateSlug} — public: anyone holding the URL printed on a PDF can check it. */
export function CertificateVerificationPage() {
  return <CertificateVerificationView data={useLoaderData<typeof certificateVerificationLoader>()} />;
}
