import { lookup } from 'node:dns/promises';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/**
 * The camera proxy's one way out: an https GET to the camera's address, connected only to a public address. Staff
 * type the address, so without this check the proxy would reach what only the server can reach (its own loopback
 * services, the cloud's metadata address, the private network). The host is resolved once, every address it resolves
 * to is checked, and the connection goes to the address that was checked (the socket's lookup answers it), so a
 * name that resolves elsewhere a moment later (DNS rebinding) changes nothing. Redirects are never followed.
 * CAMERA_PROXY_ALLOWED_HOSTS names the hosts that may be internal (a camera server on the company's own network).
 */

/** Refused before connecting: the host resolves to an internal address and no setting allows it. */
export class UpstreamRefusedError extends Error {
  // A plain field: Node runs the TypeScript as is (type stripping), which has no parameter properties.
  readonly host: string;
  constructor(host: string) {
    super(`camera host ${host} resolves to an internal address`);
    this.host = host;
  }
}

export type UpstreamInit = { signal?: AbortSignal; allowedHosts: readonly string[] };

const internalV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  internalV4.addSubnet(network, prefix, 'ipv4');

const internalV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['100::', 64], // discard
  ['64:ff9b:1::', 48], // local NAT64
  ['2001::', 32], // Teredo (an IPv4 address inside)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const)
  internalV6.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (with a dotted IPv4 tail), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const bytes = tail.split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string | undefined) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const before = groups(head);
  const after = groups(rest);
  const missing = 8 - before.length - after.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return null;
  const all = [...before, ...new Array<number>(Math.max(missing, 0)).fill(0), ...after];
  return all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * Whether an address is one the proxy must not reach unless allowed: loopback, "this network", private, carrier-grade
 * NAT, link-local, unique-local, multicast, reserved, and IPv6 forms that carry such an IPv4 address (mapped, NAT64,
 * 6to4). Anything that does not parse counts as internal.
 */
export function isInternalAddress(address: string): boolean {
  const plain = address.replace(/%.*$/, '').replace(/^\[(.*)\]$/, '$1');
  const family = isIP(plain);
  if (family === 4) return internalV4.check(plain, 'ipv4');
  if (family !== 6) return true;
  const g = ipv6Groups(plain.toLowerCase());
  if (!g) return true;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = g;
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address inside them.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return isInternalAddress(v4Of(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return isInternalAddress(v4Of(g6, g7));
  // 2002:aabb:ccdd::/48 (6to4) carries aa.bb.cc.dd.
  if (g0 === 0x2002) return isInternalAddress(v4Of(g1 ?? 0, g2 ?? 0));
  return internalV6.check(plain, 'ipv6');
}

/** Rejects when the signal aborts first (a lookup cannot be cancelled, only left behind). */
function beforeAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The address to connect to for a camera host: its first address when none of them is internal, or when the host
 * is allowed by name (UpstreamRefusedError otherwise). An IP literal is checked as it is.
 */
export async function vettedAddress(
  hostname: string,
  allowedHosts: readonly string[],
  signal?: AbortSignal,
): Promise<{ address: string; family: number }> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await beforeAbort(lookup(host, { all: true, order: 'verbatim' }), signal);
  const [first] = addresses;
  if (!first) throw new Error(`camera host ${host} has no address`);
  // Every address is checked, not only the one used: a name that mixes a public and an internal one is refused.
  if (!allowedHosts.includes(host) && addresses.some(({ address }) => isInternalAddress(address)))
    throw new UpstreamRefusedError(host);
  return first;
}

/** Keep-alive connections, one pool per allow-list, so a connection vetted under one setting serves only that one. */
const agents = new Map<string, https.Agent>();
function agentFor(allowedHosts: readonly string[]) {
  const key = allowedHosts.join(',');
  let agent = agents.get(key);
  if (!agent) {
    agent = new https.Agent({ keepAlive: true, maxSockets: 32 });
    agents.set(key, agent);
  }
  return agent;
}

const NULL_BODY = new Set([204, 205, 304]);

/**
 * GET an https address of a camera, connected to its vetted address (vettedAddress); the answer as a fetch Response
 * whose body streams. No redirect is followed: a 3xx is answered as it is.
 */
export async function upstreamFetch(url: string, init: UpstreamInit): Promise<Response> {
  const target = new URL(url);
  if (target.protocol !== 'https:') throw new TypeError('the camera proxy fetches https addresses only');
  const { address, family } = await vettedAddress(target.hostname, init.allowedHosts, init.signal);
  // net calls it for a host name only (an IP literal is connected as it is, and was checked as it is).
  const pinned = ((_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else (callback as (error: null, address: string, family: number) => void)(null, address, family);
  }) as LookupFunction;
  return new Promise<Response>((resolve, reject) => {
    const request = https.request(
      target,
      {
        method: 'GET',
        agent: agentFor(init.allowedHosts),
        lookup: pinned,
        headers: { accept: '*/*' },
        ...(init.signal ? { signal: init.signal } : {}),
      },
      (response) => {
        try {
          const headers = new Headers();
          for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
            headers.append(response.rawHeaders[i] as string, response.rawHeaders[i + 1] as string);
          const status = response.statusCode ?? 502;
          if (NULL_BODY.has(status)) response.resume();
          const body = NULL_BODY.has(status)
            ? null
            : (Readable.toWeb(response) as ReadableStream<Uint8Array>);
          resolve(new Response(body, { status, headers }));
        } catch (error) {
          response.destroy();
          reject(error);
        }
      },
    );
    request.on('error', reject);
    request.end();
  });
}
