import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import type { EventMeta } from '../../database/event-store.js';
import { AcceptAgreementsCommand } from './commands/accept-agreements/accept-agreements.command.js';
import { GetAgreementDocumentQuery } from './queries/get-agreement-document/get-agreement-document.query.js';

@Controller('v1/agreements')
export class AgreementsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('accept')
  @HttpCode(200)
  @Access('login')
  accept(@CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new AcceptAgreementsCommand(user.id, meta));
  }

  // Public: anyone may read what they would be asked to accept, before logging in too.
  @Get('terms')
  terms() {
    return this.queryBus.execute(new GetAgreementDocumentQuery('terms'));
  }

  @Get('privacy')
  privacy() {
    return this.queryBus.execute(new GetAgreementDocumentQuery('privacy'));
  }
}
