import { Body, Controller, Header } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { UpdateProfile } from '../../contracts/current-user.js';
import { checkPrintableName, getMe, getMyProfile, updateProfile } from '../../contracts/routes/me.js';
import type { EventMeta } from '../../database/event-store.js';
import { UpdateProfileCommand } from './commands/update-profile/update-profile.command.js';
import { CheckPrintableNameQuery } from './queries/check-printable-name/check-printable-name.query.js';
import { GetCurrentUserQuery } from './queries/get-current-user/get-current-user.query.js';
import { GetMyProfileQuery } from './queries/get-my-profile/get-my-profile.query.js';

@Controller()
export class MeController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Endpoint(getMe)
  @Header('cache-control', 'no-store')
  me(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetCurrentUserQuery(user.id));
  }

  @Endpoint(getMyProfile)
  @Header('cache-control', 'no-store')
  profile(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetMyProfileQuery(user.id));
  }

  @Endpoint(updateProfile)
  @Header('cache-control', 'no-store')
  updateProfile(@CurrentUser() user: SessionUser, @Body() profile: UpdateProfile, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new UpdateProfileCommand(user.id, profile, meta));
  }

  @Endpoint(checkPrintableName)
  checkIsPrintableName(@Body() body: { value: string }) {
    return this.queryBus.execute(new CheckPrintableNameQuery(body.value));
  }
}
