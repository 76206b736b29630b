// The one rule for what the server may connect to on a caller's behalf (the download proxy, the credential verifier).
import { lookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** True for addresses on the public internet; loopback, private, link-local, multicast and the like are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  return ipaddr.process(address).range() === 'unicast';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses names resolving to non-public addresses. The check
 * runs on the very addresses the socket connects to, so a DNS answer cannot change in between.
 */
export function publicOnlyLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => !allowPrivate && !isPublicAddress(entry.address));
      if (refused || list.length === 0) {
        const denied: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address`);
        denied.code = 'EADDRNOTPUBLIC';
        return callback(denied, []);
      }
      const wantsAll = (options as { all?: boolean }).all;
      return wantsAll ? callback(null, list) : callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
