// Issue 23: docker-compose.yml cannot be run on these machines (no Docker), so this test holds it to what
// the campus is: every service's command, environment and health check against README's configuration
// table, server/src/config/config.ts and the files the services name.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { ROOT } from '../scripts/lib.mjs';

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const configSource = readFileSync(path.join(ROOT, 'server/src/config/config.ts'), 'utf8');
const services = compose.services;

/** `${NAME:-default}` as compose expands it with NAME unset. */
const expand = (value) => String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
const environmentOf = (name) => Object.fromEntries(Object.entries(services[name].environment ?? {}).map(([key, value]) => [key, expand(value)]));

/** Every variable named in the first column of README's configuration table. */
const documentedVariables = new Set(
  readme
    .slice(readme.indexOf('## Configuration'))
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z_]+)`/g)].map((match) => match[1])),
);
/** The variables the server's configuration schema reads (`NAME: z…` lines). */
const configuredVariables = new Set([...configSource.matchAll(/^\s{2}([A-Z][A-Z_]+):/gm)].map((match) => match[1]));

/** The URL a `node -e "fetch(…)"` or wget health check asks. */
const healthUrlOf = (name) => {
  const command = services[name].healthcheck?.test?.join(' ') ?? '';
  return command.match(/https?:\/\/[^'"\s)]+/)?.[0];
};

test('the services are the processes README describes, the dev IdP only in the dev profile', () => {
  assert.deepEqual(Object.keys(services).sort(), ['api', 'dev-idp', 'nginx', 'postgres', 'redis', 'worker']);
  assert.deepEqual(services['dev-idp'].profiles, ['dev']);
  for (const name of ['api', 'worker', 'nginx', 'postgres', 'redis']) assert.equal(services[name].profiles, undefined, `${name} runs in every profile`);
  assert.equal(services.api.depends_on['dev-idp'].required, false, 'the api starts without the dev IdP');
  assert.ok(readme.includes('\n## Running in production\n'), 'README has its "Running in production" section');
});

test('api and worker run the built entry points, two of each, and nothing else is published than nginx', () => {
  assert.deepEqual(services.api.command, ['node', 'server/dist/main.js']);
  assert.deepEqual(services.worker.command, ['node', 'server/dist/worker.js']);
  for (const entry of ['server/src/main.ts', 'server/src/worker.ts']) assert.ok(existsSync(path.join(ROOT, entry)), entry);
  for (const name of ['api', 'worker']) {
    assert.ok(services[name].deploy.replicas >= 2, `${name} replicas`);
    assert.equal(services[name].ports, undefined, `${name} is not published`);
    assert.equal(services[name].build.dockerfile, 'infra/docker/app.Dockerfile');
  }
  const published = Object.entries(services).filter(([, service]) => service.ports).map(([name, service]) => [name, service.ports]);
  assert.deepEqual(published, [
    ['dev-idp', ['127.0.0.1:3001:3001']],
    ['nginx', ['127.0.0.1:3000:80']],
  ]);
});

test('every variable given to api and worker is documented in README and read by the server', () => {
  assert.ok(documentedVariables.size > 30, `README's table parsed (${documentedVariables.size} variables)`);
  for (const name of ['api', 'worker']) {
    const environment = environmentOf(name);
    for (const variable of Object.keys(environment)) {
      assert.ok(documentedVariables.has(variable), `${name}: ${variable} is in README's configuration table`);
      assert.ok(configuredVariables.has(variable), `${name}: ${variable} is read by server/src/config/config.ts`);
    }
    assert.match(environment.DATABASE_URL, /^postgres:\/\/[^@]+@postgres:5432\//, `${name} uses the postgres service`);
    assert.equal(environment.REDIS_URL, 'redis://redis:6379');
    assert.equal(environment.RUN_WORKER_IN_PROCESS, 'false', `${name}: the worker role runs only in the worker service`);
    assert.equal(environment.NODE_ENV, 'production');
    assert.ok(environment.OIDC_ISSUER && environment.PUBLIC_URL && environment.DATA_DIR);
    // The stop grace covers the process's own shutdown grace, or Docker kills it mid-way.
    assert.ok(Number.parseInt(services[name].stop_grace_period, 10) > Number(environment.SHUTDOWN_GRACE_SECONDS), `${name} stop grace`);
  }
  // One configuration for both roles; the worker adds only its health port.
  const { WORKER_HEALTH_PORT, ...worker } = environmentOf('worker');
  assert.ok(WORKER_HEALTH_PORT);
  for (const [variable, value] of Object.entries(worker)) assert.equal(environmentOf('api')[variable], value, `api and worker agree on ${variable}`);
});

test('each service has a health check that asks the right thing', () => {
  assert.equal(healthUrlOf('api'), `http://127.0.0.1:${environmentOf('api').PORT}/api/ready`);
  assert.equal(healthUrlOf('worker'), `http://127.0.0.1:${environmentOf('worker').WORKER_HEALTH_PORT}/health`);
  assert.equal(healthUrlOf('nginx'), 'http://127.0.0.1/api/health');
  assert.match(services.postgres.healthcheck.test.join(' '), /pg_isready/);
  assert.deepEqual(services.redis.healthcheck.test, ['CMD', 'redis-cli', 'ping']);
  assert.equal(services.nginx.depends_on.api.condition, 'service_healthy');
});

test('redis keeps what BullMQ needs: append-only file and no eviction', () => {
  const command = services.redis.command.join(' ');
  assert.match(command, /--appendonly yes/);
  assert.match(command, /--maxmemory-policy noeviction/);
});

test("nginx proxies to the api service's port, with WebSocket upgrades for socket.io and the API's body limit", () => {
  const [mount] = services.nginx.volumes;
  const [source, target] = mount.split(':');
  assert.equal(target, '/etc/nginx/nginx.conf');
  const config = readFileSync(path.join(ROOT, source), 'utf8');
  assert.match(config, new RegExp(`server api:${environmentOf('api').PORT}\\b`));
  assert.match(config, /listen 80;/);
  assert.match(config, /proxy_set_header Upgrade \$http_upgrade;\s*proxy_set_header Connection \$connection_upgrade;/);
  assert.match(config, /location \/socket\.io\/ \{/);
  // A location with a proxy_set_header of its own would inherit none of the server's (X-Forwarded-For among them).
  for (const [, block] of config.matchAll(/location [^{]+\{([^}]*)\}/g)) assert.doesNotMatch(block, /proxy_set_header/);
  // Bodies over the API's limit are refused with its envelope, not sent on to be cut off (502).
  assert.match(config, /client_max_body_size 1m;/);
  assert.match(config, /return 413 '\{"message":"送信されたデータが大きすぎます","status":413,"code":"PAYLOAD_TOO_LARGE"\}'/);
  assert.match(config, /resolver 127\.0\.0\.11/);
});

test('the api believes X-Forwarded-For from nginx alone, at an address no other container can be given', () => {
  const [network] = compose.networks.default.ipam.config;
  const nginxAddress = services.nginx.networks.default.ipv4_address;
  assert.equal(environmentOf('api').TRUST_PROXY, nginxAddress);
  const inBlock = (address, cidr) => {
    const [base, bits] = cidr.split('/');
    const toNumber = (dotted) => dotted.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
    const size = 2 ** (32 - Number(bits));
    return Math.floor(toNumber(address) / size) === Math.floor(toNumber(base) / size);
  };
  assert.ok(inBlock(nginxAddress, network.subnet), `${nginxAddress} is on the compose network ${network.subnet}`);
  assert.ok(!inBlock(nginxAddress, network.ip_range), `${nginxAddress} is outside the range Docker hands out (${network.ip_range})`);
  for (const [name, service] of Object.entries(services)) {
    if (name !== 'nginx') assert.equal(service.networks, undefined, `${name} gets its address from ${network.ip_range}`);
  }
});

test("the dev IdP sends the browser back to the campus's own callback", () => {
  const idp = environmentOf('dev-idp');
  const api = environmentOf('api');
  assert.equal(idp.DEV_IDP_ISSUER, api.OIDC_ISSUER);
  assert.equal(idp.OIDC_CLIENT_ID, api.OIDC_CLIENT_ID);
  assert.equal(idp.DEV_IDP_REDIRECT_URIS, `${api.PUBLIC_URL}/api/v1/login/callback`);
});
