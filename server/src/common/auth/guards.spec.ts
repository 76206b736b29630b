import type { ExecutionContext } from '@nestjs/common';
import { parseConfig } from '../../config/config';
import { AdminRequiredGuard } from './admin-required.guard';
import { AgreementsAcceptedGuard } from './agreements-accepted.guard';
import { LoginRequiredGuard } from './login-required.guard';
import type { SessionLookup, SessionUser } from './session-lookup';

const config = parseConfig({});
/** The reply's Set-Cookie headers, as the guard leaves them. */
const replyWatched = () => {
  const setCookies: string[] = [];
  return { setCookies, header: (name: string, value: string) => name === 'set-cookie' && setCookies.push(value) };
};
const contextFor = (request: object, reply = replyWatched()) =>
  ({ switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }) }) as unknown as ExecutionContext;
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

  it('clears both cookies of a session that is no longer live', async () => {
    const reply = replyWatched();
    await expect(guard.canActivate(contextFor({ headers: { cookie: 'campus_session=expired; campus_signed_in=1' } }, reply))).rejects.toMatchObject({ status: 401 });
    expect(reply.setCookies.map((cookie) => cookie.split(';')[0])).toEqual(['campus_session=', 'campus_signed_in=']);
    expect(reply.setCookies.every((cookie) => cookie.includes('Max-Age=0'))).toBe(true);
    expect(reply.setCookies[0]).toContain('HttpOnly');
    expect(reply.setCookies[1]).not.toContain('HttpOnly');
  });

  it('clears a hint planted without a session, too', async () => {
    const reply = replyWatched();
    await expect(guard.canActivate(contextFor({ headers: { cookie: 'campus_signed_in=1' } }, reply))).rejects.toMatchObject({ status: 401 });
    expect(reply.setCookies.map((cookie) => cookie.split(';')[0])).toEqual(['campus_session=', 'campus_signed_in=']);
  });

  it('sets no cookie on a 401 without any, nor on a live session', async () => {
    const none = replyWatched();
    await expect(guard.canActivate(contextFor({ headers: { cookie: 'other=1' } }, none))).rejects.toMatchObject({ status: 401 });
    const live = replyWatched();
    await guard.canActivate(contextFor({ headers: { cookie: 'campus_session=live; campus_signed_in=1' } }, live));
    expect([none.setCookies, live.setCookies]).toEqual([[], []]);
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
