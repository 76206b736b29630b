import { Global, Module } from '@nestjs/common';
import { SESSION_LOOKUP } from '../../common/auth/session-lookup.js';
import { AuthController } from './auth.controller.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { OidcRelyingParty } from './oidc-relying-party.js';
import { SessionStore } from './session-store.js';

/**
 * Global for one provider: the guards, the rate limiter and the socket gateway (infrastructure below
 * every module) resolve sessions through SESSION_LOOKUP, which only identity can answer. One
 * SessionStore serves both, so a logout forgets its session in this process at once.
 */
@Global()
@Module({
  controllers: [AuthController],
  providers: [OidcRelyingParty, SignInHandler, SessionStore, { provide: SESSION_LOOKUP, useExisting: SessionStore }],
  exports: [SESSION_LOOKUP],
})
export class IdentityModule {}
