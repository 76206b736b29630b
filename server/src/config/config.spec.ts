import { DEFAULT_RATE_LIMITS } from '../contracts/rate-limits';
import { ConfigError, parseConfig, proxyTrustWarning } from './config';

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

  it('takes an smtp:// or smtps:// SMTP_URL and names any other, and a short MAIL_TOKEN_SECRET', () => {
    expect(parseConfig({}).mail.smtpUrl).toBeNull();
    expect(parseConfig({ SMTP_URL: 'smtps://user:pass@mail.example.jp:465' }).mail.smtpUrl).toBe('smtps://user:pass@mail.example.jp:465');
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example.jp' })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ MAIL_TOKEN_SECRET: 'short' })).toThrow(/MAIL_TOKEN_SECRET/);
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

  it('trusts X-Forwarded-For from loopback only (where nginx runs), unless told otherwise', () => {
    expect(parseConfig({}).trustProxy).toEqual(['loopback']);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1, fd00::2, loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.1', 'fd00::2', 'loopback']);
  });

  it.each([
    ['2', /TRUST_PROXY: a hop count is not accepted/],
    ['10.0.0.300', /TRUST_PROXY: 10\.0\.0\.300: not an address/],
    ['loopback, private', /TRUST_PROXY: private: not an address/],
  ])('refuses TRUST_PROXY=%s', (value, message) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(message);
  });
});

describe('proxyTrustWarning', () => {
  const warningFor = (nodeEnv: 'production' | 'development', TRUST_PROXY?: string) =>
    proxyTrustWarning(parseConfig({ NODE_ENV: nodeEnv, ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }));

  it.each([
    ['loopback,linklocal,uniquelocal', 'linklocal, uniquelocal'],
    ['true', 'true'],
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['127.0.0.1, 172.16.0.0/12, fd00::/8', '172.16.0.0/12, fd00::/8'],
    ['192.168.0.0/23', '192.168.0.0/23'],
  ])('warns in production when TRUST_PROXY=%s trusts whole ranges (%s)', (value, named) => {
    expect(warningFor('production', value)).toBe(
      `TRUST_PROXY trusts whole address ranges (${named}): any machine there can choose the client address the rate limits count. ` +
        "Name the proxy's own addresses instead (README, Configuration).",
    );
  });

  it.each([[undefined], ['false'], ['loopback'], ['10.0.0.5'], ['172.28.0.10,fd00::2'], ['203.0.113.0/24'], ['10.1.2.0/25']])(
    'is quiet in production for TRUST_PROXY=%s (loopback, single proxies, small blocks)',
    (value) => {
      expect(warningFor('production', value)).toBeNull();
    },
  );

  it('is quiet outside production', () => {
    expect(warningFor('development', 'loopback,linklocal,uniquelocal')).toBeNull();
  });
});
