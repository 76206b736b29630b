import { Module } from '@nestjs/common';
import { AgreementsController } from './agreements.controller.js';
import { AcceptAgreementsHandler } from './commands/accept-agreements/accept-agreements.handler.js';

@Module({ controllers: [AgreementsController], providers: [AcceptAgreementsHandler] })
export class AgreementsModule {}
