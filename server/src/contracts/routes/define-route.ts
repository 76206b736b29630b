import type { z } from 'zod';
import type { CourseKind } from '../catalogue.js';
import type { ErrorCode } from '../errors.js';
import type { RateLimitClass } from '../rate-limits.js';

/**
 * Who may call a route: anyone (the session, if any, is read), a logged-in user, one who has also
 * accepted the terms, or an admin. The server applies it from the route (`@Endpoint`, common/http).
 */
export type AccessLevel = 'public' | 'login' | 'agreed' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The zod schemas of a route; `params` names only the path parameters that are checked. */
export interface RouteSchemas {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
}

/**
 * One endpoint, declared once: the server serves it from this object, the OpenAPI document and the
 * rate limits read it, and the client builds its calls from it.
 */
export interface Route {
  method: HttpMethod;
  /** `/api/v1/exam-sessions/:examSessionId/answers/:questionId`; `:kind` stands for each of `kinds`. */
  path: string;
  /** One operation served for several course kinds at `/api/v1/<kind>-courses/…`. */
  kinds?: readonly CourseKind[];
  summary: string | ((kindName: string) => string);
  tag: string;
  access: AccessLevel;
  /** Answered alike for everyone (probes, the clock, the login flow, public texts): the session is not even looked up. */
  ignoresSession?: true;
  /** Top-level navigations (redirects) are exempt from the XHR header rule. */
  navigation?: true;
  /** A file answered in place (a download), with this media type, instead of JSON or a redirect. */
  file?: string;
  /** Answered with 201 (a POST that records something new for an admin). */
  created?: true;
  /** Answered with 204 and no body. */
  noContent?: true;
  /** The rate limit the route counts against (numbers in rate-limits.ts); over it: 429 with Retry-After. */
  rateLimit?: RateLimitClass;
  errors?: readonly ErrorCode[];
  /**
   * A loader, run when first needed (the server at a route's first request, the OpenAPI document).
   * The client build drops it (`routeAddressesOnly` in client/vite.config.ts) and with it every import
   * of zod through a route; a static import of the schemas would keep them in the client's chunks.
   */
  schemas?: () => Promise<RouteSchemas>;
}

/**
 * Keeps the literal types (path, kinds, schemas) the client infers its calls from; loads the schemas once.
 * Marked free of side effects so that a bundle keeps only the routes it uses of a file.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineRoute<const R extends Route>(route: R): R {
  if (!route.schemas) return route;
  const load = route.schemas;
  let loaded: Promise<RouteSchemas> | undefined;
  return { ...route, schemas: () => (loaded ??= load()) };
}

/** The concrete path templates of a route: one, or one per course kind. */
export const pathTemplatesOf = (route: Route): string[] => (route.kinds ? route.kinds.map((kind) => route.path.replace(':kind', kind)) : [route.path]);

export const COURSE_KIND_NAMES: Record<CourseKind, string> = { learning: '学習コース', seminar: 'セミナー', video: '動画コース', certification: '認定コース' };

// Types the client derives its calls from.
type ParamName<Segment extends string> = Segment extends `${infer Name}-${string}` ? Name : Segment;
type ParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamName<Segment> | ParamNames<`/${Tail}`>
    : ParamName<Rest>
  : never;
type KindOf<R extends Route> = R['kinds'] extends readonly (infer Kind)[] ? Kind : never;
type SchemasOf<R extends Route> = R['schemas'] extends () => Promise<infer S> ? S : object;

export type RouteParams<R extends Route> = { [Name in ParamNames<R['path']>]: Name extends 'kind' ? KindOf<R> : string };
export type RouteBody<R extends Route> = SchemasOf<R> extends { body: infer Body extends z.ZodType } ? z.input<Body> : undefined;
export type RouteQuery<R extends Route> = SchemasOf<R> extends { query: infer Query extends z.ZodObject } ? z.input<Query> : undefined;
export type RouteResponse<R extends Route> = SchemasOf<R> extends { response: infer Response extends z.ZodType } ? z.output<Response> : unknown;
