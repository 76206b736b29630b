import { spawn } from 'node:child_process';
import path from 'node:path';
import { watchForConcurrentQueries } from './concurrent-query-guard';
import { freePort } from './free-port';

const APP_PORT_COUNT = 3;

/** Starts the real dev identity provider once, registered for the API ports the specs will use. */
export default async function globalSetup() {
  watchForConcurrentQueries();
  const idpPort = await freePort();
  const appPorts: number[] = [];
  for (let index = 0; index < APP_PORT_COUNT; index += 1) appPorts.push(await freePort());
  // One https origin too, for specs that put a TLS front before an API (did:web resolves over https only).
  const tlsPort = await freePort();
  const issuer = `http://localhost:${idpPort}`;
  const origins = [...appPorts.map((port) => `http://localhost:${port}`), `https://localhost:${tlsPort}`];

  const idp = spawn(process.execPath, [path.resolve(__dirname, '../../../infra/dev-idp/server.mjs')], {
    env: {
      ...process.env,
      DEV_IDP_PORT: String(idpPort),
      DEV_IDP_ISSUER: issuer,
      DEV_IDP_REDIRECT_URIS: origins.map((origin) => `${origin}/api/v1/login/callback`).join(','),
      DEV_IDP_POST_LOGOUT_REDIRECT_URIS: origins.map((origin) => `${origin}/`).join(','),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('dev IdP did not start within 20 s')), 20_000);
    idp.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    idp.on('exit', (code) => reject(new Error(`dev IdP exited with ${code}`)));
  });
  (globalThis as { __DEV_IDP__?: unknown }).__DEV_IDP__ = idp;
  process.env.IT_OIDC_ISSUER = issuer;
  process.env.IT_APP_PORTS = appPorts.join(',');
  process.env.IT_TLS_PORT = String(tlsPort);
}
