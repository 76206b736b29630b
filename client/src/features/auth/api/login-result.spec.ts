import { loginUrl } from '../../../lib/session/login-url';
import { loginResultOf, readLoginResult, withLoginResultState } from './login-result';

describe('login result marker', () => {
  it('reads only the known outcomes', () => {
    expect(readLoginResult('?login=cancelled')).toBe('cancelled');
    expect(readLoginResult('?a=1&login=failed')).toBe('failed');
    expect(readLoginResult('?login=other')).toBeNull();
    expect(readLoginResult('')).toBeNull();
  });

  it('keeps the outcome in history state once the marker leaves the address', () => {
    const state = withLoginResultState({ from: 'header' }, 'cancelled');
    expect(state).toEqual({ from: 'header', loginResult: 'cancelled' });
    expect(loginResultOf({ search: '', state })).toBe('cancelled');
    expect(loginResultOf({ search: '?login=failed', state: null })).toBe('failed');
    expect(loginResultOf({ search: '', state: { loginResult: 'something' } })).toBeNull();
    expect(loginResultOf({ search: '', state: 'not an object' })).toBeNull();
  });

  it('builds the login address with the encoded current URL, without a leftover marker', () => {
    expect(loginUrl('http://localhost:3000/yahoo-ads?x=1&login=failed#a')).toBe(
      `/api/v1/login?currentUrl=${encodeURIComponent('http://localhost:3000/yahoo-ads?x=1#a')}`,
    );
  });
});
