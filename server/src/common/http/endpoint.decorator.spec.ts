import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, PIPES_METADATA } from '@nestjs/common/constants';
import { API_ROUTES } from '../../contracts/api-routes';
import { defineRoute, type Route } from '../../contracts/routes/define-route';
import { ACCESS_LEVEL } from '../auth/access.decorator';
import { LoginRequiredGuard } from '../auth/login-required.guard';
import { OptionalSessionGuard } from '../auth/optional-session.guard';
import { RouteInputPipe } from '../../core/validation/route-input.pipe';
import { Endpoint, ENDPOINT_ROUTES } from './endpoint.decorator';

const MODULES = join(__dirname, '../../modules');
// Addresses outside the API: Prometheus scrapes, shared short links, the credential issuer's keys and its wallet metadata.
const NOT_API = ['GET /metrics', 'GET /s/{code}', 'GET /.well-known/did.json', 'GET /.well-known/jwks.json', 'GET /.well-known/openid-credential-issuer', 'GET /.well-known/oauth-authorization-server'];

/** Every handler of every controller: its method, its full paths (in OpenAPI's `{param}` form), its level, guards and routes. */
function servedHandlers() {
  const handlers: { method: string; paths: string[]; level?: string; guards: unknown[]; routes?: Route[] }[] = [];
  for (const module of readdirSync(MODULES)) {
    for (const file of readdirSync(join(MODULES, module)).filter((name) => name.endsWith('.controller.ts'))) {
      for (const exported of Object.values(require(join(MODULES, module, file)) as Record<string, unknown>)) {
        if (typeof exported !== 'function' || Reflect.getMetadata(PATH_METADATA, exported) === undefined) continue;
        const controller = exported as Type;
        const base = String(Reflect.getMetadata(PATH_METADATA, controller));
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const handler = (controller.prototype as Record<string, unknown>)[name];
          if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
          const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat().map((path) => {
            const joined = ['', base, path].join('/').replace(/\/+/g, '/').replace(/\/$/, '').replace(/:(\w+)/g, '{$1}');
            return joined === '/metrics' || joined.startsWith('/s/') || joined.startsWith('/.well-known/') ? joined : `/api${joined}`;
          });
          handlers.push({
            method: RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod],
            paths,
            level: Reflect.getMetadata(ACCESS_LEVEL, handler) ?? Reflect.getMetadata(ACCESS_LEVEL, controller),
            guards: [...(Reflect.getMetadata(GUARDS_METADATA, controller) ?? []), ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])],
            routes: Reflect.getMetadata(ENDPOINT_ROUTES, handler),
          });
        }
      }
    }
  }
  return handlers;
}

describe('@Endpoint(route)', () => {
  const probe = (route: Route) => {
    class Probe {
      @Endpoint(route)
      handler() {}
    }
    return Probe.prototype.handler;
  };
  const route = (fields: Partial<Route>) => defineRoute({ method: 'POST', path: '/api/v1/probe/', summary: 'probe', tag: 'probe', access: 'login', ...fields });

  it('serves the path under the global /api prefix, once per course kind', () => {
    expect(Reflect.getMetadata(PATH_METADATA, probe(route({})))).toEqual(['v1/probe']);
    const perKind = probe(route({ path: '/api/v1/:kind-courses/:courseSlug/feedback', kinds: ['learning', 'seminar'] }));
    expect(Reflect.getMetadata(PATH_METADATA, perKind)).toEqual(['v1/learning-courses/:courseSlug/feedback', 'v1/seminar-courses/:courseSlug/feedback']);
  });

  it.each([
    [{}, 200],
    [{ created: true as const }, 201],
    [{ noContent: true as const }, 204],
    [{ method: 'GET' as const }, undefined],
    [{ method: 'PUT' as const }, undefined],
  ])('answers %j with %s (undefined: Nest default)', (fields, status) => {
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, probe(route(fields)))).toBe(status);
  });

  it('applies the access level, or only records it for a route that ignores the session', () => {
    expect(Reflect.getMetadata(GUARDS_METADATA, probe(route({})))).toEqual([LoginRequiredGuard]);
    const ignoring = probe(route({ access: 'public', ignoresSession: true }));
    expect(Reflect.getMetadata(GUARDS_METADATA, ignoring)).toBeUndefined();
    expect(Reflect.getMetadata(ACCESS_LEVEL, ignoring)).toBe('public');
  });

  it('checks the input with the route schemas', () => {
    expect(Reflect.getMetadata(PIPES_METADATA, probe(route({})))).toEqual([expect.any(RouteInputPipe)]);
  });

  it('refuses to put routes of different methods or access on one handler', () => {
    expect(() => Endpoint(route({}), route({ method: 'PUT' }))).toThrow(/differ in method or access/);
  });

  describe('on the controllers, against contracts/routes/', () => {
    const handlers = servedHandlers();
    const served = handlers.flatMap((handler) => handler.paths.map((path) => `${handler.method} ${path}`)).filter((route) => !NOT_API.includes(route));
    const declared = API_ROUTES.map((route) => `${route.method} ${route.path.replace(/\/$/, '')}`);

    it('finds the controllers', () => {
      expect(served.length).toBeGreaterThan(60);
    });

    it('serves every API handler through @Endpoint', () => {
      const undeclared = handlers.filter((handler) => !handler.routes && handler.paths.some((path) => !NOT_API.includes(`${handler.method} ${path}`)));
      expect(undeclared.map((handler) => `${handler.method} ${handler.paths.join(', ')}`)).toEqual([]);
    });

    it('serves exactly the declared routes, each once', () => {
      expect([...served].sort()).toEqual([...declared].sort());
    });

    it('guards each handler as its route says', () => {
      const wrong = handlers
        .filter((handler) => handler.routes)
        .filter(({ routes, level, guards }) => {
          const [route] = routes!;
          if (level !== route.access) return true;
          // Only the API document adds a guard of its own (its access depends on the deployment).
          if (route.ignoresSession) return guards.length > (route.path === '/api/docs' ? 1 : 0);
          return guards.length === 0 || (route.access === 'public') !== (guards[0] === OptionalSessionGuard);
        })
        .map((handler) => `${handler.method} ${handler.paths.join(', ')}`);
      expect(wrong).toEqual([]);
    });
  });
});
