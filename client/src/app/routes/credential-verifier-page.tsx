import { CredentialVerifier } from '../../features/credential-verifier/components/credential-verifier';

/** /certificates/verify — public: anyone checks a credential (this campus's or another issuer's) by pasting or dropping it. */
export function CredentialVerifierPage() {
  return <CredentialVerifier />;
}
