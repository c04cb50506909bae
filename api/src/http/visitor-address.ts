import type { FastifyRequest } from 'fastify';
import { addressGroup } from '../../../server-common/addresses/address-group.ts';

/**
 * The visitor as every per-address limit of the API counts it and the security log hashes it:
 * server-common's address group of `request.ip` (an IPv4 address, IPv4-mapped IPv6 as IPv4, or
 * the IPv6 /64), the unit the realtime server counts too. Fastify reads `request.ip` behind
 * TRUST_PROXY by the rule the realtime server reads its visitors by (`trustProxyOption`,
 * server-common/addresses/visitor-address.ts). The one place the API reads `request.ip`:
 * eslint.config.js refuses it elsewhere in api/src, so no route counts or hashes a raw address.
 */
export function addressGroupOf(request: FastifyRequest): string {
  return addressGroup(request.ip);
}
