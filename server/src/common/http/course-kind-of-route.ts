import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { courseKindSchema, type CourseKind } from '../../contracts/catalogue.js';

/** The kind in a matched route pattern such as `/api/v1/seminar-courses/:courseSlug/feedback`. */
export function courseKindOfRoute(pattern: string): CourseKind {
  const kind = /\/([a-z]+)-courses(?:\/|$)/.exec(pattern)?.[1];
  const parsed = courseKindSchema.safeParse(kind);
  // Only handlers mounted on `<kind>-courses/…` patterns use this: anything else is a wiring mistake.
  if (!parsed.success) throw new Error(`no course kind in the route ${pattern}`);
  return parsed.data;
}

/**
 * The course kind of the route that matched, so one handler serves the same action for every kind
 * (a route with `kinds`, served by `@Endpoint` at one path per kind) with no kind parameter in the path.
 */
export const CourseKindOfRoute = createParamDecorator((_: unknown, context: ExecutionContext) =>
  courseKindOfRoute(context.switchToHttp().getRequest<FastifyRequest>().routeOptions.url ?? ''),
);
