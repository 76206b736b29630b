import { Module } from '@nestjs/common';
import { SetCredentialRevocationHandler } from './commands/set-credential-revocation/set-credential-revocation.handler.js';
import { CredentialsAdminController, CredentialsController, IssuerKeysController } from './credentials.controller.js';
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
  controllers: [CredentialsController, CredentialsAdminController, IssuerKeysController],
  providers: [CredentialSigningKey, GetCredentialHandler, GetStatusListHandler, GetCertificateCredentialHandler, GetBakedBadgeHandler, ListAdminCredentialsHandler, SetCredentialRevocationHandler, IssueCredentialWhenCertificateIssuedHandler, OutstandingCredentialsFinder, VerifyPresentedCredentialHandler, PublicHttpsFetcher],
})
export class CredentialsModule {}
