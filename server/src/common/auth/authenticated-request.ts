import type { FastifyRequest } from 'fastify';
import type { SessionUser } from './session-lookup.js';

/** A request the session guards have put a user on. */
export type AuthenticatedRequest = FastifyRequest & { user: SessionUser };
