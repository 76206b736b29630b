import { Module } from '@nestjs/common';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler.js';
import { MeController } from './me.controller.js';
import { CheckPrintableNameHandler } from './queries/check-printable-name/check-printable-name.handler.js';
import { GetCurrentUserHandler } from './queries/get-current-user/get-current-user.handler.js';
import { GetMyProfileHandler } from './queries/get-my-profile/get-my-profile.handler.js';
import { CurrentUserPushPayloads } from './current-user-push-payloads.js';

@Module({
  controllers: [MeController],
  providers: [GetCurrentUserHandler, GetMyProfileHandler, UpdateProfileHandler, CheckPrintableNameHandler, CurrentUserPushPayloads],
})
export class MeModule {}
