import { Body, Controller, Get, Header, HttpCode, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { printableNameRequestSchema, type UpdateProfile, updateProfileSchema } from '../../contracts/current-user.js';
import type { EventMeta } from '../../database/event-store.js';
import { UpdateProfileCommand } from './commands/update-profile/update-profile.command.js';
import { CheckPrintableNameQuery } from './queries/check-printable-name/check-printable-name.query.js';
import { GetCurrentUserQuery } from './queries/get-current-user/get-current-user.query.js';
import { GetMyProfileQuery } from './queries/get-my-profile/get-my-profile.query.js';

// The level is set per handler: a class-level 'login' under a handler's 'agreed' would resolve the session twice.
@Controller('v1')
export class MeController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('me')
  @Access('login')
  @Header('cache-control', 'no-store')
  me(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetCurrentUserQuery(user.id));
  }

  @Get('me/profile')
  @Access('login')
  @Header('cache-control', 'no-store')
  profile(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetMyProfileQuery(user.id));
  }

  @Put('me')
  @Access('agreed')
  @Header('cache-control', 'no-store')
  updateProfile(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(updateProfileSchema)) profile: UpdateProfile,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new UpdateProfileCommand(user.id, profile, meta));
  }

  @Post('check-is-printable-name')
  @Access('login')
  @HttpCode(200)
  checkIsPrintableName(@Body(new ZodValidationPipe(printableNameRequestSchema)) body: { value: string }) {
    return this.queryBus.execute(new CheckPrintableNameQuery(body.value));
  }
}
