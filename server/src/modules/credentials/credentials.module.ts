import { Global, Module } from '@nestjs/common';
import { CertificateRevocations } from '../certificates/reads.js';
import { CredentialRevocationsOfCertificates } from './certificate-revocations.provider.js';
import { CreateWalletOfferHandler } from './commands/create-wallet-offer/create-wallet-offer.handler.js';
import { SetCredentialRevocationHandler } from './commands/set-credential-revocation/set-credential-revocation.handler.js';
import { CredentialsAdminController, CredentialsController, IssuerKeysController } from './credentials.controller.js';
import { Oid4vciController, Oid4vciMetadataController, WalletOfferController } from './credentials.wallet.controller.js';
import { IssueWalletCredentialHandler } from './commands/issue-wallet-credential/issue-wallet-credential.handler.js';
import { RedeemPreAuthorizedCodeHandler } from './commands/redeem-pre-authorized-code/redeem-pre-authorized-code.handler.js';
import { WalletIssuer } from './oid4vci/wallet-issuer.js';
import { GetBakedBadgeHandler } from './queries/get-baked-badge/get-baked-badge.handler.js';
import { GetCertificateCredentialHandler } from './queries/get-certificate-credential/get-certificate-credential.handler.js';
import { GetCredentialHandler } from './queries/get-credential/get-credential.handler.js';
import { ListAdminCredentialsHandler } from './queries/list-admin-credentials/list-admin-credentials.handler.js';
import { GetStatusListHandler } from './queries/get-status-list/get-status-list.handler.js';
import { PublicHttpsFetcher } from './queries/verify-presented-credential/public-https-fetcher.js';
import { VerifyPresentedCredentialHandler } from './queries/verify-presented-credential/verify-presented-credential.handler.js';
import { IssueCredentialWhenCertificateIssuedHandler } from './reactions/issue-credential-when-certificate-issued.handler.js';
import { OutstandingCredentialsFinder } from './reconciliation/outstanding-credentials.finder.js';
import { CredentialSigningKey } from './signing/credential-signing-key.js';

@Module({
  controllers: [CredentialsController, CredentialsAdminController, IssuerKeysController, WalletOfferController, Oid4vciController, Oid4vciMetadataController],
  providers: [CredentialSigningKey, GetCredentialHandler, GetStatusListHandler, GetCertificateCredentialHandler, GetBakedBadgeHandler, ListAdminCredentialsHandler, SetCredentialRevocationHandler, IssueCredentialWhenCertificateIssuedHandler, OutstandingCredentialsFinder, VerifyPresentedCredentialHandler, PublicHttpsFetcher,
    // 「ウォレットに追加」 (OpenID4VCI, pre-authorised code flow)
    WalletIssuer, CreateWalletOfferHandler, RedeemPreAuthorizedCodeHandler, IssueWalletCredentialHandler,
    // Certificates' answers ask credentials for the revocation (certificates sits below and cannot import it).
    { provide: CertificateRevocations, useClass: CredentialRevocationsOfCertificates }],
  exports: [CertificateRevocations],
})
// Global: the provider certificates asks for, without certificates importing this module.
@Global()
export class CredentialsModule {}
