import { Body, Controller, Header, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { MailPreferences } from '../../contracts/mail.js';
import { confirmMailAddress, getMailPreferences, unsubscribeFromMail, updateMailPreferences } from '../../contracts/routes/mail.js';
import { ConfirmMailAddressCommand } from './commands/confirm-mail-address/confirm-mail-address.command.js';
import type { EventMeta } from '../../database/event-store.js';
import { UnsubscribeFromMailCommand } from './commands/unsubscribe-from-mail/unsubscribe-from-mail.command.js';
import { UpdateMailPreferencesCommand } from './commands/update-mail-preferences/update-mail-preferences.command.js';
import { GetMailPreferencesQuery } from './queries/get-mail-preferences/get-mail-preferences.query.js';

@Controller()
export class MailController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(getMailPreferences)
  @Header('cache-control', 'no-store')
  preferences(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetMailPreferencesQuery(user.id));
  }

  @Endpoint(updateMailPreferences)
  update(@CurrentUser() user: SessionUser, @Body() preferences: MailPreferences, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new UpdateMailPreferencesCommand(user.id, preferences, meta));
  }

  /** The body (`List-Unsubscribe=One-Click`, or the page's empty JSON) says nothing the token does not. */
  @Endpoint(unsubscribeFromMail)
  unsubscribe(@Query() query: { token: string }, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new UnsubscribeFromMailCommand(query.token, meta));
  }

  @Endpoint(confirmMailAddress)
  confirmAddress(@Query() query: { token: string }, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new ConfirmMailAddressCommand(query.token, meta));
  }
}
