import type { Route, RouteBody, RouteParams, RouteQuery, RouteResponse } from '@campus/contracts/routes/define-route';
import { apiRequest, type QueryValue, type RequestOptions } from './api-client';

type ParamsArgument<R extends Route> = keyof RouteParams<R> extends never ? { params?: undefined } : { params: RouteParams<R> };
type QueryArgument<R extends Route> = RouteQuery<R> extends undefined ? { query?: undefined } : { query?: { [Name in keyof RouteQuery<R>]?: QueryValue } };
type BodyArgument<R extends Route> = RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> };

/** What a call of the route sends: its path parameters, query and body, typed from the route's schemas. */
export type CallInput<R extends Route> = ParamsArgument<R> & QueryArgument<R> & BodyArgument<R>;

/** The address of a route for these parameters (`:kind` takes the course kind; each value is one segment). */
export function pathOf<R extends Route>(route: R, ...[params]: keyof RouteParams<R> extends never ? [] : [RouteParams<R>]): string {
  return filled(route.path, params as Record<string, string> | undefined);
}

const filled = (path: string, params: Record<string, string> = {}) => path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name]!));

/** Calls a declared route through the API client; the answer has the type of the route's response schema. */
export function callApi<R extends Route>(
  route: R,
  input: CallInput<R>,
  options: Omit<RequestOptions<RouteResponse<R>>, 'method' | 'body' | 'query'> = {},
): Promise<RouteResponse<R>> {
  const { params, query, body } = input as { params?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown };
  return apiRequest<RouteResponse<R>>(filled(route.path, params), {
    ...options,
    method: route.method,
    ...(body === undefined ? {} : { body }),
    ...(query ? { query } : {}),
  });
}
