import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AgreementsAcceptedGuard } from '../../common/auth/agreements-accepted.guard.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { LoginRequiredGuard } from '../../common/auth/login-required.guard.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { GetUnreadFlagsQuery } from './queries/get-unread-flags/get-unread-flags.query.js';

@Controller('v1')
@UseGuards(LoginRequiredGuard, AgreementsAcceptedGuard)
export class NotificationsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('has-unread')
  @Header('cache-control', 'no-store')
  hasUnread(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetUnreadFlagsQuery(user.id));
  }
}
