import { applyDecorators, Delete, Get, HttpCode, Post, Put, SetMetadata, UsePipes } from '@nestjs/common';
import { pathTemplatesOf, type Route } from '../../contracts/routes/define-route.js';
import { ACCESS_LEVEL, Access } from '../auth/access.decorator.js';
import { RouteInputPipe } from '../../core/validation/route-input.pipe.js';

/** Metadata key of the route object a handler serves, read back by the spec that ties controllers to routes/. */
export const ENDPOINT_ROUTES = 'campus:endpoint-routes';

const METHODS = { GET: Get, POST: Post, PUT: Put, DELETE: Delete };

/** `/api/v1/now/` → `v1/now`: the `api` prefix is global (create-api-app) and Fastify ignores the trailing slash. */
const nestPath = (template: string) => template.replace(/^\/api\//, '').replace(/\/$/, '');

/**
 * Serves a handler at its declared route(s): method and path(s), status, access and input checks all
 * come from the route object. Several routes share one handler only when they differ in address alone
 * (a seminar's one lesson); a handler on a per-kind route reads the kind with `@CourseKindOfRoute()`.
 */
export function Endpoint(...routes: [Route, ...Route[]]) {
  const [route] = routes;
  if (routes.some((other) => other.method !== route.method || other.access !== route.access)) {
    throw new Error(`@Endpoint: ${routes.map((other) => other.path).join(', ')} differ in method or access`);
  }
  // Nest answers a POST with 201 unless told otherwise; the campus answers 200 unless the route says.
  const status = route.noContent ? 204 : route.created ? 201 : route.method === 'POST' ? 200 : undefined;
  return applyDecorators(
    METHODS[route.method](routes.flatMap(pathTemplatesOf).map(nestPath)),
    SetMetadata(ENDPOINT_ROUTES, routes),
    ...(status === undefined ? [] : [HttpCode(status)]),
    ...(route.ignoresSession ? [SetMetadata(ACCESS_LEVEL, route.access)] : [Access(route.access)]),
    UsePipes(new RouteInputPipe(route)),
  );
}
