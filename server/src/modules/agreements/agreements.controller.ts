import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { LoginRequiredGuard } from '../../common/auth/login-required.guard.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import type { EventMeta } from '../../database/event-store.js';
import { AcceptAgreementsCommand } from './commands/accept-agreements/accept-agreements.command.js';

@Controller('v1/agreements')
@UseGuards(LoginRequiredGuard)
export class AgreementsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('accept')
  @HttpCode(200)
  accept(@CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new AcceptAgreementsCommand(user.id, meta));
  }
}
