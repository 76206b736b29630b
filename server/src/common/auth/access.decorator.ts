import { applyDecorators, type CanActivate, SetMetadata, type Type, UseGuards } from '@nestjs/common';
import type { AccessLevel } from '../../contracts/routes/define-route.js';
import { AdminRequiredGuard } from './admin-required.guard.js';
import { AgreementsAcceptedGuard } from './agreements-accepted.guard.js';
import { LoginRequiredGuard } from './login-required.guard.js';
import { OptionalSessionGuard } from './optional-session.guard.js';

/** Metadata key of the level, read back by the spec that ties controllers to contracts/routes/. */
export const ACCESS_LEVEL = 'campus:access-level';

// Order matters: LoginRequiredGuard puts the user on the request the next guard looks at.
const GUARDS: Record<AccessLevel, Type<CanActivate>[]> = {
  public: [OptionalSessionGuard],
  login: [LoginRequiredGuard],
  agreed: [LoginRequiredGuard, AgreementsAcceptedGuard],
  admin: [LoginRequiredGuard, AdminRequiredGuard],
};

/** Who may call the routes of a controller or of one handler (the levels are described at AccessLevel). */
export const Access = (level: AccessLevel) => applyDecorators(SetMetadata(ACCESS_LEVEL, level), UseGuards(...GUARDS[level]));
