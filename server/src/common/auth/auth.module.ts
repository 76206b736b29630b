import { Global, Module } from '@nestjs/common';
import { AdminRequiredGuard } from './admin-required.guard.js';
import { AgreementsAcceptedGuard } from './agreements-accepted.guard.js';
import { LoginRequiredGuard } from './login-required.guard.js';
import { OptionalSessionGuard } from './optional-session.guard.js';
import { SessionStore } from './session-store.js';

@Global()
@Module({
  providers: [SessionStore, LoginRequiredGuard, OptionalSessionGuard, AgreementsAcceptedGuard, AdminRequiredGuard],
  exports: [SessionStore, LoginRequiredGuard, OptionalSessionGuard, AgreementsAcceptedGuard, AdminRequiredGuard],
})
export class AuthModule {}
