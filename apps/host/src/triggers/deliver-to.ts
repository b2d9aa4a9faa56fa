// Where a subscription's events may be delivered. The host POSTs there from inside its own network,
// so an address only that network reaches (a cloud metadata service, a private range) would let a
// caller make the host talk to it: refused whatever the scheme (issue 32, item 6).
import { BlockList, isIP } from 'node:net';
import { ValidationError } from '@c/core';
import { parseHttpUrl } from '@c/core/internal';

const PARAMETER = 'deliverTo.url';

/** Addresses only the host's own network reaches: private, link-local, shared, reserved. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // IPv4-compatible, IPv4-mapped and NAT64 addresses reach an IPv4 host: never given literally.
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** Names of metadata services and of private DNS zones. */
const INTERNAL_NAME = /(^|\.)(metadata|internal|local|localdomain|home\.arpa)$/;

/** Loopback: the caller's own machine, allowed (plain http too) for tests and local tunnels. */
function isLoopback(hostname: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(hostname);
}

/**
 * Checks a subscription's `deliverTo`: the address rules of base URLs (`parseHttpUrl`: http(s), no
 * user info), https unless loopback, and never an internal address, whatever the scheme.
 */
export function checkDeliverTo(deliverTo: { url: string }): void {
  const url = parseHttpUrl(PARAMETER, deliverTo.url);
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  const fail = (message: string): never => {
    throw new ValidationError(`Invalid parameter "${PARAMETER}": ${message}`, { parameter: PARAMETER });
  };
  if (isLoopback(hostname)) return;
  if (url.protocol !== 'https:') fail('expected an https:// URL (plain http:// only for a loopback address)');
  const literal = hostname.replace(/^\[|\]$/g, '');
  const version = isIP(literal);
  if (
    (version !== 0 && INTERNAL.check(literal, version === 4 ? 'ipv4' : 'ipv6')) ||
    (version === 0 && INTERNAL_NAME.test(hostname))
  ) {
    fail(
      `"${hostname}" is an internal address (private, link-local, metadata or mapped); deliveries go to a public https:// receiver or to loopback`,
    );
  }
}
