import type { ExecutionContext } from '@nestjs/common';
import { parseConfig } from '../../config/config';
import { AdminRequiredGuard } from './admin-required.guard';
import { AgreementsAcceptedGuard } from './agreements-accepted.guard';
import { LoginRequiredGuard } from './login-required.guard';
import type { SessionLookup, SessionUser } from './session-lookup';

const config = parseConfig({});
const contextFor = (request: object) =>
  ({ switchToHttp: () => ({ getRequest: () => request }) }) as unknown as ExecutionContext;
const learner: SessionUser = { id: 'u1', subject: 's', role: 'learner', hasAcceptedAgreements: true };

describe('LoginRequiredGuard', () => {
  const sessions = { resolve: jest.fn(async (token?: string) => (token === 'live' ? learner : null)) } as unknown as SessionLookup;
  const guard = new LoginRequiredGuard(sessions, config);

  it('puts the session user on the request', async () => {
    const request: { headers: object; user?: SessionUser } = { headers: { cookie: 'other=1; campus_session=live' } };
    await expect(guard.canActivate(contextFor(request))).resolves.toBe(true);
    expect(request.user).toBe(learner);
  });

  it.each([{}, { cookie: 'campus_session=expired' }, { cookie: 'xcampus_session=live' }])('answers 401 LOGIN_REQUIRED for headers %j', async (headers) => {
    await expect(guard.canActivate(contextFor({ headers }))).rejects.toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
  });
});

describe('AgreementsAcceptedGuard', () => {
  const guard = new AgreementsAcceptedGuard();
  it('lets a user who accepted through', () => {
    expect(guard.canActivate(contextFor({ user: learner }))).toBe(true);
  });
  it('answers 400 AGREEMENT_REQUIRED otherwise', () => {
    expect(() => guard.canActivate(contextFor({ user: { ...learner, hasAcceptedAgreements: false } }))).toThrow(
      expect.objectContaining({ status: 400, code: 'AGREEMENT_REQUIRED' }),
    );
  });
});

describe('AdminRequiredGuard', () => {
  const guard = new AdminRequiredGuard();
  it('lets admins through and refuses learners with 403', () => {
    expect(guard.canActivate(contextFor({ user: { ...learner, role: 'admin' } }))).toBe(true);
    expect(() => guard.canActivate(contextFor({ user: learner }))).toThrow(expect.objectContaining({ status: 403 }));
  });
});
