import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

/**
 * Every way this process could reach the network, each replaced by a stub that records and refuses: a
 * spec runs signing or verification inside and asserts `attempts` stayed empty. `restore` puts them back.
 */
export function blockOutboundNetwork() {
  const attempts: string[] = [];
  const refuse = (name: string) =>
    jest.fn((...args: unknown[]) => {
      attempts.push(`${name} ${String(args[0]).slice(0, 80)}`);
      throw new Error(`outbound network blocked: ${name}`);
    });
  const spies = [
    jest.spyOn(globalThis, 'fetch').mockImplementation(refuse('fetch') as unknown as typeof fetch),
    jest.spyOn(http, 'request').mockImplementation(refuse('http.request') as unknown as typeof http.request),
    jest.spyOn(http, 'get').mockImplementation(refuse('http.get') as unknown as typeof http.get),
    jest.spyOn(https, 'request').mockImplementation(refuse('https.request') as unknown as typeof https.request),
    jest.spyOn(https, 'get').mockImplementation(refuse('https.get') as unknown as typeof https.get),
    jest.spyOn(net, 'connect').mockImplementation(refuse('net.connect') as unknown as typeof net.connect),
    jest.spyOn(net, 'createConnection').mockImplementation(refuse('net.createConnection') as unknown as typeof net.createConnection),
    jest.spyOn(tls, 'connect').mockImplementation(refuse('tls.connect') as unknown as typeof tls.connect),
  ];
  return { attempts, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}
