import { randomUUID } from 'node:crypto';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { EventMeta } from '../../database/event-store.js';
import type { AuthenticatedRequest } from './authenticated-request.js';

/** Event metadata for a command issued by this request: the actor and the request as correlation root. */
export const RequestMeta = createParamDecorator((_: unknown, context: ExecutionContext): EventMeta => {
  const request = context.switchToHttp().getRequest<Partial<AuthenticatedRequest>>();
  const requestId = String(request.id ?? randomUUID());
  return { actorId: request.user?.id ?? null, requestId, correlationId: requestId, causationId: null };
});
