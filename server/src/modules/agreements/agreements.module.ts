import { Module } from '@nestjs/common';
import { AgreementsController } from './agreements.controller.js';
import { AcceptAgreementsHandler } from './commands/accept-agreements/accept-agreements.handler.js';
import { GetAgreementDocumentHandler } from './queries/get-agreement-document/get-agreement-document.handler.js';

@Module({ controllers: [AgreementsController], providers: [AcceptAgreementsHandler, GetAgreementDocumentHandler] })
export class AgreementsModule {}
