import ipaddr from 'ipaddr.js';
import { API_ROUTES } from '../../contracts/api-routes.js';
import type { RateLimitClass } from '../../contracts/rate-limits.js';

/** `/a/{id}/b/` (contracts) and `/a/:id/b` (Fastify) both become `/a/:/b`. */
const routeShape = (path: string) => path.replace(/\/(\{[^}]+\}|:[^/]+)/g, '/:').replace(/(.)\/$/, '$1');

const CLASS_BY_ROUTE = new Map(
  API_ROUTES.filter((route) => route.rateLimit).map((route) => [`${route.method} ${routeShape(route.path)}`, route.rateLimit!]),
);

/**
 * The rate-limit class of a served route (its Fastify pattern), as declared in contracts/api-routes.ts;
 * undefined for routes that are not limited. HEAD counts as the GET it mirrors.
 */
export function rateLimitClassOf(method: string, routeUrl: string | undefined): RateLimitClass | undefined {
  if (!routeUrl) return undefined;
  return CLASS_BY_ROUTE.get(`${method === 'HEAD' ? 'GET' : method} ${routeShape(routeUrl)}`);
}

/**
 * Who a per-address limit counts: the IPv4 address, or the /64 of an IPv6 one (one subscriber's
 * network hands out whole /64s, so counting single IPv6 addresses would let one client rotate).
 */
export function clientAddressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}
