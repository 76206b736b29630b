import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as undici from 'undici';

/** The https port global-setup registered with the dev IdP (its callback and logout addresses). */
export function tlsPort(): number {
  const port = Number(process.env.IT_TLS_PORT);
  if (!port) throw new Error('IT_TLS_PORT missing: run integration specs through jest.int.config.js');
  return port;
}

/**
 * A TLS terminator in front of one API process, as a production proxy would be: https on `port` with a
 * certificate for localhost made by openssl for this run, every request passed on to `target` as it came.
 * While it runs, fetch in this process (Node's, and every library's that uses it) trusts that certificate
 * as a CA, and only it: the global dispatcher is put back on close.
 */
export async function startTlsFront(port: number, target: URL): Promise<{ close(): Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'campus-tls-'));
  const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' });
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    const upstream = http.request({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const previous = undici.getGlobalDispatcher();
  const globals = globalThis as unknown as Record<'fetch' | 'Request' | 'Response' | 'Headers', unknown>;
  const previousGlobals = { fetch: globals.fetch, Request: globals.Request, Response: globals.Response, Headers: globals.Headers };
  undici.setGlobalDispatcher(new undici.Agent({ connect: { ca: readFileSync(cert) } }));
  // Under jest the global fetch is Node's own, which reads the dispatcher of Node's global, not this
  // sandbox's: undici's fetch (and its Request, which libraries such as ky build) reads the one set here.
  Object.assign(globals, { fetch: undici.fetch, Request: undici.Request, Response: undici.Response, Headers: undici.Headers });
  rmSync(folder, { recursive: true, force: true });
  return {
    close: async () => {
      Object.assign(globals, previousGlobals);
      undici.setGlobalDispatcher(previous);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
