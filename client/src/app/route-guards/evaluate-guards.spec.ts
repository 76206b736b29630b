import { evaluateGuards, UnknownGuardError } from './evaluate-guards';

const accepted = { hasAcceptedAgreements: true, role: 'learner' } as const;
const pending = { hasAcceptedAgreements: false, role: 'learner' } as const;
const admin = { hasAcceptedAgreements: true, role: 'admin' } as const;
const ADMIN_GUARDS = ['login', 'agreement', 'admin'];

describe('evaluateGuards', () => {
  it('waits while the session is being checked', () => {
    expect(evaluateGuards(['login'], { status: 'checking', user: null, loginResult: null })).toEqual({ kind: 'wait' });
  });

  it('asks a logged-out visitor to log in on a protected page', () => {
    expect(evaluateGuards(['login'], { status: 'loggedOut', user: null, loginResult: null })).toEqual({ kind: 'askLogin' });
    expect(evaluateGuards(['login'], { status: 'unavailable', user: null, loginResult: null })).toEqual({ kind: 'askLogin' });
  });

  it('sends a visitor who just cancelled the login to the top page instead of asking again', () => {
    expect(
      evaluateGuards(['loginCancelled', 'login', 'agreement'], { status: 'loggedOut', user: null, loginResult: 'cancelled' }),
    ).toEqual({ kind: 'redirect', to: '/?login=cancelled' });
    expect(evaluateGuards(['login'], { status: 'loggedOut', user: null, loginResult: 'cancelled' })).toEqual({ kind: 'askLogin' });
  });

  it('holds pages that need the agreements until they are accepted', () => {
    expect(evaluateGuards(['login', 'agreement'], { status: 'loggedIn', user: pending, loginResult: null })).toEqual({
      kind: 'awaitAgreement',
    });
    expect(evaluateGuards(['login', 'agreement'], { status: 'loggedIn', user: accepted, loginResult: null })).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['login'], { status: 'loggedIn', user: pending, loginResult: null })).toEqual({ kind: 'allow' });
  });

  it('sends a logged-in learner without agreements away from the personal feed; visitors may look', () => {
    expect(evaluateGuards(['personalFeed'], { status: 'loggedIn', user: pending, loginResult: null })).toEqual({ kind: 'redirect', to: '/' });
    expect(evaluateGuards(['personalFeed'], { status: 'loggedOut', user: null, loginResult: null })).toEqual({ kind: 'allow' });
    expect(evaluateGuards(['personalFeed'], { status: 'loggedIn', user: accepted, loginResult: null })).toEqual({ kind: 'allow' });
  });

  it('lets admins into the admin console and tells a logged-in learner they may not look', () => {
    expect(evaluateGuards(ADMIN_GUARDS, { status: 'loggedIn', user: admin, loginResult: null })).toEqual({ kind: 'allow' });
    expect(evaluateGuards(ADMIN_GUARDS, { status: 'loggedIn', user: accepted, loginResult: null })).toEqual({ kind: 'forbidden' });
    expect(evaluateGuards(['admin'], { status: 'loggedIn', user: accepted, loginResult: null })).toEqual({ kind: 'forbidden' });
  });

  it('asks a logged-out visitor of the admin console to log in, and holds an admin without agreements', () => {
    expect(evaluateGuards(ADMIN_GUARDS, { status: 'loggedOut', user: null, loginResult: null })).toEqual({ kind: 'askLogin' });
    expect(evaluateGuards(['admin'], { status: 'loggedOut', user: null, loginResult: null })).toEqual({ kind: 'askLogin' });
    expect(evaluateGuards(ADMIN_GUARDS, { status: 'checking', user: null, loginResult: null })).toEqual({ kind: 'wait' });
    expect(
      evaluateGuards(ADMIN_GUARDS, { status: 'loggedIn', user: { ...admin, hasAcceptedAgreements: false }, loginResult: null }),
    ).toEqual({ kind: 'awaitAgreement' });
  });

  it('throws on an unknown guard type', () => {
    expect(() => evaluateGuards(['staff'], { status: 'loggedIn', user: accepted, loginResult: null })).toThrow(UnknownGuardError);
    expect(() => evaluateGuards(['staff'], { status: 'loggedIn', user: accepted, loginResult: null })).toThrow('Unknown route guard type: staff');
  });
});
