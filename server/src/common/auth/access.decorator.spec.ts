import { GUARDS_METADATA } from '@nestjs/common/constants';
import { ACCESS_LEVEL, Access } from './access.decorator';
import { AdminRequiredGuard } from './admin-required.guard';
import { AgreementsAcceptedGuard } from './agreements-accepted.guard';
import { LoginRequiredGuard } from './login-required.guard';
import { OptionalSessionGuard } from './optional-session.guard';

describe('Access(level)', () => {
  it.each([
    ['public', [OptionalSessionGuard]],
    ['login', [LoginRequiredGuard]],
    ['agreed', [LoginRequiredGuard, AgreementsAcceptedGuard]],
    ['admin', [LoginRequiredGuard, AdminRequiredGuard]],
  ] as const)('%s applies its guards in order and records the level', (level, guards) => {
    class Probe {
      @Access(level)
      handler() {}
    }
    expect(Reflect.getMetadata(GUARDS_METADATA, Probe.prototype.handler)).toEqual(guards);
    expect(Reflect.getMetadata(ACCESS_LEVEL, Probe.prototype.handler)).toBe(level);
  });
});
