import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { OidcRelyingParty } from './oidc-relying-party.js';

@Module({
  controllers: [AuthController],
  providers: [OidcRelyingParty, SignInHandler],
})
export class IdentityModule {}
