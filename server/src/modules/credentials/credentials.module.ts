import { Module } from '@nestjs/common';
import { CredentialsController, IssuerKeysController } from './credentials.controller.js';
import { GetCertificateCredentialHandler } from './queries/get-certificate-credential/get-certificate-credential.handler.js';
import { GetCredentialHandler } from './queries/get-credential/get-credential.handler.js';
import { IssueCredentialWhenCertificateIssuedHandler } from './reactions/issue-credential-when-certificate-issued.handler.js';
import { OutstandingCredentialsFinder } from './reconciliation/outstanding-credentials.finder.js';
import { CredentialSigningKey } from './signing/credential-signing-key.js';

@Module({
  controllers: [CredentialsController, IssuerKeysController],
  providers: [CredentialSigningKey, GetCredentialHandler, GetCertificateCredentialHandler, IssueCredentialWhenCertificateIssuedHandler, OutstandingCredentialsFinder],
})
export class CredentialsModule {}
