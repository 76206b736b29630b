import { DEFAULT_RATE_LIMITS } from '../contracts/rate-limits';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('defaults to the embedded database, port 3000 and plain-http development cookies', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data' });
    expect(config.runWorkerInProcess).toBe(true);
    expect(config.session).toMatchObject({ cookieName: 'campus_session', secure: false });
    expect(config.oidc.redirectUri).toBe('http://localhost:3000/api/v1/login/callback');
    expect(config.oidc.allowInsecureIssuer).toBe(true);
  });

  it('uses PostgreSQL with a separate worker when DATABASE_URL is set', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://db/campus', PORT: '8080' });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://db/campus' });
    expect(config.runWorkerInProcess).toBe(false);
    expect(config.publicOrigin).toBe('http://localhost:8080');
  });

  it('uses Secure __Host- cookies behind https', () => {
    const config = parseConfig({ PUBLIC_URL: 'https://campus.example.jp', NODE_ENV: 'production' });
    expect(config.session).toMatchObject({ cookieName: '__Host-campus_session', secure: true });
    expect(config.allowedOrigins).toEqual(['https://campus.example.jp']);
  });

  it('refuses a plain-http issuer in production unless explicitly allowed', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).oidc.allowInsecureIssuer).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', OIDC_ALLOW_INSECURE_ISSUER: 'true' }).oidc.allowInsecureIssuer).toBe(true);
  });

  it('closes the operational endpoints in production unless configured open', () => {
    expect(parseConfig({}).operations).toEqual({ metricsToken: undefined, metricsOpenWithoutToken: true, apiDocsPublic: true });
    expect(parseConfig({ NODE_ENV: 'production' }).operations).toEqual({ metricsToken: undefined, metricsOpenWithoutToken: false, apiDocsPublic: false });
    const token = 'a'.repeat(24);
    expect(parseConfig({ NODE_ENV: 'production', METRICS_TOKEN: token, API_DOCS_PUBLIC: 'true' }).operations).toMatchObject({ metricsToken: token, apiDocsPublic: true });
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('names every bad variable', () => {
    expect(() => parseConfig({ PORT: 'abc', PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'abc', PUBLIC_URL: 'not a url' })).toThrow(/PORT[\s\S]*PUBLIC_URL/);
  });

  it('reads the analytics tracker ids, none by default, and names a malformed one', () => {
    expect(parseConfig({}).analyticsTags).toEqual({ tagManagerId: undefined, lineTagId: undefined });
    expect(parseConfig({ TAG_MANAGER_ID: 'GTM-AB12CD', LINE_TAG_ID: '0f8e2a34-1b2c-4d5e-8f90-123456789abc' }).analyticsTags).toEqual({
      tagManagerId: 'GTM-AB12CD',
      lineTagId: '0f8e2a34-1b2c-4d5e-8f90-123456789abc',
    });
    expect(() => parseConfig({ TAG_MANAGER_ID: 'GTM-"><script>' })).toThrow(/TAG_MANAGER_ID/);
    expect(() => parseConfig({ LINE_TAG_ID: 'not-a-uuid' })).toThrow(/LINE_TAG_ID/);
  });

  it('has the production rate limits by default, scaled and overridden one by one on request', () => {
    expect(parseConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    const tuned = parseConfig({ RATE_LIMIT_SCALE: '10', RATE_LIMITS: 'login.perIp=30, examAnswer.perUser=700' }).rateLimits;
    expect(tuned.login).toEqual({ windowSeconds: 60, perIp: 300, perUser: null });
    expect(tuned.examAnswer).toEqual({ ...DEFAULT_RATE_LIMITS.examAnswer, perIp: DEFAULT_RATE_LIMITS.examAnswer.perIp * 10, perUser: 7000 });
    expect(parseConfig({ RATE_LIMIT_SCALE: '0.0001' }).rateLimits.adminWrite.perUser).toBe(1);
  });

  it.each([
    ['RATE_LIMIT_SCALE', '0'],
    ['RATE_LIMIT_SCALE', 'off'],
    ['RATE_LIMITS', 'login=5'],
    ['RATE_LIMITS', 'nosuchclass.perIp=5'],
    ['RATE_LIMITS', 'login.perIp=0'],
  ])('refuses %s=%s (limits cannot be switched off by a typo)', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('trusts X-Forwarded-For from private-network proxies only, unless told otherwise', () => {
    expect(parseConfig({}).trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.1']);
  });
});
