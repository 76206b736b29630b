import { loginUrl } from './login-url';
import { readLoginResult } from './login-result';

describe('login result marker', () => {
  it('reads only the known outcomes', () => {
    expect(readLoginResult('?login=cancelled')).toBe('cancelled');
    expect(readLoginResult('?a=1&login=failed')).toBe('failed');
    expect(readLoginResult('?login=other')).toBeNull();
    expect(readLoginResult('')).toBeNull();
  });

  it('builds the login address with the encoded current URL, without a leftover marker', () => {
    expect(loginUrl('http://localhost:3000/yahoo-ads?x=1&login=failed#a')).toBe(
      `/api/v1/login?currentUrl=${encodeURIComponent('http://localhost:3000/yahoo-ads?x=1#a')}`,
    );
  });
});
