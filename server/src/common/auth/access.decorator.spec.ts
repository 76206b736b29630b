import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { API_ROUTES, type AccessLevel } from '../../contracts/api-routes';
import { ACCESS_LEVEL, Access } from './access.decorator';
import { AdminRequiredGuard } from './admin-required.guard';
import { AgreementsAcceptedGuard } from './agreements-accepted.guard';
import { LoginRequiredGuard } from './login-required.guard';
import { OptionalSessionGuard } from './optional-session.guard';

const MODULES = join(__dirname, '../../modules');

/** Every handler of every controller: its method, its full paths (in the contract's `{param}` form) and its level. */
function servedRoutes() {
  const routes: { method: string; path: string; level?: AccessLevel; ownGuards: boolean }[] = [];
  for (const module of readdirSync(MODULES)) {
    for (const file of readdirSync(join(MODULES, module)).filter((name) => name.endsWith('.controller.ts'))) {
      for (const exported of Object.values(require(join(MODULES, module, file)) as Record<string, unknown>)) {
        if (typeof exported !== 'function' || Reflect.getMetadata(PATH_METADATA, exported) === undefined) continue;
        const controller = exported as Type;
        const base = String(Reflect.getMetadata(PATH_METADATA, controller));
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const handler = (controller.prototype as Record<string, unknown>)[name];
          if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
          const level = (Reflect.getMetadata(ACCESS_LEVEL, handler) ?? Reflect.getMetadata(ACCESS_LEVEL, controller)) as AccessLevel | undefined;
          const ownGuards = Reflect.getMetadata(GUARDS_METADATA, handler) !== undefined || Reflect.getMetadata(GUARDS_METADATA, controller) !== undefined;
          for (const path of [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat()) {
            const joined = ['', base, path].join('/').replace(/\/+/g, '/').replace(/\/$/, '').replace(/:(\w+)/g, '{$1}');
            const prefixed = joined === '/metrics' || joined.startsWith('/s/') ? joined : `/api${joined}`;
            routes.push({ method, path: prefixed, level, ownGuards });
          }
        }
      }
    }
  }
  return routes;
}

describe('Access(level)', () => {
  it.each([
    ['public', [OptionalSessionGuard]],
    ['login', [LoginRequiredGuard]],
    ['agreed', [LoginRequiredGuard, AgreementsAcceptedGuard]],
    ['admin', [LoginRequiredGuard, AdminRequiredGuard]],
  ] as const)('%s applies its guards in order and records the level', (level, guards) => {
    class Probe {
      @Access(level)
      handler() {}
    }
    expect(Reflect.getMetadata(GUARDS_METADATA, Probe.prototype.handler)).toEqual(guards);
    expect(Reflect.getMetadata(ACCESS_LEVEL, Probe.prototype.handler)).toBe(level);
  });

  describe('on the controllers, against contracts/api-routes.ts', () => {
    const served = servedRoutes();
    const documented = new Map(API_ROUTES.map((route) => [`${route.method} ${route.path.replace(/\/$/, '')}`, route.access]));

    it('finds the controllers', () => {
      expect(served.length).toBeGreaterThan(60);
    });

    it('gives each served route the level its contract declares (no decorator = open to anyone)', () => {
      const mismatches = served
        .filter((route) => !route.ownGuards || route.level !== undefined)
        .map((route) => ({ route: `${route.method} ${route.path}`, served: route.level ?? 'public' }))
        .filter(({ route }) => documented.has(route))
        .filter(({ route, served: level }) => documented.get(route) !== level)
        .map(({ route, served: level }) => `${route}: served ${level}, declared ${documented.get(route)}`);
      expect(mismatches).toEqual([]);
    });

    it('leaves only the deployment-configured routes to guards of their own', () => {
      const own = served.filter((route) => route.ownGuards && route.level === undefined).map((route) => route.path);
      expect(own.sort()).toEqual(['/api/docs', '/metrics']);
    });
  });
});
