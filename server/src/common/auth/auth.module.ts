import { Global, Module } from '@nestjs/common';
import { AdminRequiredGuard } from './admin-required.guard.js';
import { AgreementsAcceptedGuard } from './agreements-accepted.guard.js';
import { LoginRequiredGuard } from './login-required.guard.js';
import { OptionalSessionGuard } from './optional-session.guard.js';

/** The guards; the sessions they resolve come from identity, through SESSION_LOOKUP (session-lookup.ts says why). */
@Global()
@Module({
  providers: [LoginRequiredGuard, OptionalSessionGuard, AgreementsAcceptedGuard, AdminRequiredGuard],
  exports: [LoginRequiredGuard, OptionalSessionGuard, AgreementsAcceptedGuard, AdminRequiredGuard],
})
export class AuthModule {}
