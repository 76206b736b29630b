import { render, screen } from '@testing-library/react';
import { aCredentialLink } from '../../../test/certificate-fixtures';
import { CredentialSection } from './open-badge-credential';

const revocation = { revokedAt: '2026-05-01T00:00:00.000Z', category: 'misconduct' as const };

describe('CredentialSection: 「ウォレットに追加」', () => {
  it('is offered to the holder of a credential that is not revoked (an expired one too)', () => {
    const { unmount } = render(<CredentialSection state={{ status: 'ready', link: aCredentialLink() }} audience="holder" slug="K7QF2M9A" certificateId="c1" />);
    expect(screen.getByRole('button', { name: 'ウォレットに追加' })).toBeInTheDocument();
    unmount();
    render(<CredentialSection state={{ status: 'ready', link: aCredentialLink({ status: 'expired' }) }} audience="holder" slug="K7QF2M9A" certificateId="c1" />);
    expect(screen.getByRole('button', { name: 'ウォレットに追加' })).toBeInTheDocument();
  });

  it('is not offered for a revoked credential, nor on the public verification page', () => {
    const { unmount } = render(
      <CredentialSection state={{ status: 'ready', link: aCredentialLink({ status: 'revoked', revokedAt: revocation.revokedAt, revocation }) }} audience="holder" slug="K7QF2M9A" certificateId="c1" />,
    );
    expect(screen.queryByRole('button', { name: 'ウォレットに追加' })).toBeNull();
    unmount();
    render(<CredentialSection state={{ status: 'ready', link: aCredentialLink() }} audience="verifier" slug="K7QF2M9A" />);
    expect(screen.queryByRole('button', { name: 'ウォレットに追加' })).toBeNull();
  });
});
