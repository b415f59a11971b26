import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether an address only this machine reaches: 127.0.0.0/8, ::1 (also IPv4-mapped, ::ffff:127.0.0.1). Any other
 * address, a wildcard (0.0.0.0, ::) included, is reachable from elsewhere.
 */
export const isLoopbackAddress = (address: string): boolean => {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const ip = mapped ?? bare;
  const family = isIP(ip);
  return family !== 0 && loopback.check(ip, family === 4 ? 'ipv4' : 'ipv6');
};

/** Whether HOST listens on loopback only: `localhost` or a loopback address (any other name may resolve anywhere). */
export const isLoopbackHost = (host: string): boolean =>
  host.trim().toLowerCase() === 'localhost' || isLoopbackAddress(host.trim());

/**
 * Whether every address a server listens on is a loopback one or a local socket's path (none: only `inject`
 * reaches it).
 */
export const listensOnLoopbackOnly = (addresses: readonly (string | { address: string })[]): boolean =>
  addresses.every((listener) => typeof listener === 'string' || isLoopbackAddress(listener.address));
