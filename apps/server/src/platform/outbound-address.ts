// Security-critical: the one guard between an address a practice typed (a memorial partner's API,
// a location's mail server) and the network the portal runs in. Without it, anyone who can sign a
// practice up could make the server connect to its own loopback services, the cloud's metadata
// endpoint or the private network behind it, and read back what answered (server-side request
// forgery). Decision 0145.
//
// How: the host is resolved once, every address it resolves to must be on the public internet (or
// in a network the operator allowed with OUTBOUND_ALLOWED_NETWORKS), and the connection is then
// made to exactly the address that was checked (pinned), so a name that answers differently a
// moment later (DNS rebinding) cannot slip a private address between the check and the connect.
// HTTP redirects are never followed. Addresses the operator configures (provider base URLs,
// SMTP_URL) are the operator's and do not pass through here.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** An address a practice entered that the portal will not connect to; the message is for staff. */
export class OutboundAddressRefused extends Error {
  constructor(
    message: string,
    /** `private`: it leads to a local or private network; `unresolved`: the name was not found */
    readonly reason: 'private' | 'unresolved' | 'invalid',
  ) {
    super(message);
    this.name = 'OutboundAddressRefused';
  }
}

/** The names OUTBOUND_ALLOWED_NETWORKS takes besides addresses and CIDR ranges (as TRUST_PROXY's). */
const NAMED_NETWORKS: Record<string, readonly [string, number][]> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/**
 * IPv4 networks that are not the public internet (IANA's special-purpose registry): this network
 * (0.0.0.0 among them), private, shared address space (CGNAT), loopback, link-local (the cloud
 * metadata endpoint 169.254.169.254), protocol assignments, documentation, 6to4 relays,
 * benchmarking, multicast, reserved and broadcast.
 */
const NON_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6: only global unicast (2000::/3) is public, less its special blocks (protocol assignments
 * with Teredo, documentation). Everything outside it is refused: unspecified (::), loopback (::1),
 * IPv4-compatible, discard, unique-local (fc00::/7), link-local, site-local, multicast. Addresses
 * that carry an IPv4 address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are
 * judged by that IPv4 address.
 */
const GLOBAL_V6: readonly [string, number] = ['2000::', 3];
const NON_PUBLIC_V6_IN_GLOBAL: readonly [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
];

function blockList(networks: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of networks) list.addSubnet(address, prefix, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  return list;
}

const nonPublicV4 = blockList(NON_PUBLIC_V4);
const globalV6 = blockList([GLOBAL_V6]);
const nonPublicV6 = blockList(NON_PUBLIC_V6_IN_GLOBAL);

/** An IPv6 address's eight 16-bit groups (the address is valid: isIP said 6). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<string>(fill).fill('0'), ...back].map((g) => parseInt(g, 16));
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 address stands for (IPv4-mapped, NAT64, 6to4), if any. */
function embeddedIpv4(g: number[]): string | undefined {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return undefined;
}

/** Whether an IP address is outside the public internet (before the operator's allowances). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return nonPublicV4.check(address, 'ipv4');
  if (family !== 6) return true;
  const plain = address.split('%')[0]!;
  const v4 = embeddedIpv4(ipv6Groups(plain));
  if (v4 !== undefined) return nonPublicV4.check(v4, 'ipv4');
  return !globalV6.check(plain, 'ipv6') || nonPublicV6.check(plain, 'ipv6');
}

/**
 * OUTBOUND_ALLOWED_NETWORKS: comma-separated addresses, CIDR ranges and the names loopback,
 * linklocal, uniquelocal, which practice-entered addresses may reach although they are not public
 * (a practice's mail relay on the clinic's own network; the tests' fakes on loopback). Anything
 * else stops the server at start.
 */
export function parseAllowedNetworks(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const wrong = entries.filter((e) => {
    if (e in NAMED_NETWORKS) return false;
    const [address, bits, ...rest] = e.split('/');
    const family = isIP(address ?? '');
    if (rest.length > 0 || family === 0) return true;
    return bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128));
  });
  if (wrong.length > 0) {
    throw new Error(`OUTBOUND_ALLOWED_NETWORKS must list addresses, CIDR ranges or loopback, linklocal, uniquelocal; not ${wrong.join(', ')}`);
  }
  return entries;
}

/** A resolved address that passed the check: what the connection is made to. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

const RESOLVE_TIMEOUT_MS = 10_000;

/** Say why an address is refused, in the words staff see next to the integration. */
const privateRefusal = (host: string) =>
  new OutboundAddressRefused(`${host} is a private or local network address. The portal connects only to addresses on the internet.`, 'private');

/** Resolves a name to every address it has (the system's resolver, as any other connection would). */
export type HostResolver = (name: string) => Promise<CheckedAddress[]>;

const systemResolver: HostResolver = async (name) =>
  (await dnsLookup(name, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));

export class OutboundGuard {
  private readonly allowed = new BlockList();

  /**
   * `allowedNetworks`: parseAllowedNetworks' entries (the operator's allowances); none by default.
   * `resolver`: the system's unless a test stands in for DNS.
   */
  constructor(
    allowedNetworks: readonly string[] = [],
    private readonly resolver: HostResolver = systemResolver,
  ) {
    for (const entry of allowedNetworks) {
      const named = NAMED_NETWORKS[entry];
      for (const [address, prefix] of named ?? [[entry.split('/')[0]!, Number(entry.split('/')[1] ?? (isIP(entry) === 6 ? 128 : 32))]]) {
        this.allowed.addSubnet(address, prefix, isIP(address) === 6 ? 'ipv6' : 'ipv4');
      }
    }
  }

  /** Whether the portal may connect to this IP address. */
  permits(address: string): boolean {
    const family = isIP(address);
    if (family === 0) return false;
    if (!isNonPublicAddress(address)) return true;
    return this.allowed.check(address.split('%')[0]!, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * Resolves a host (a name or an IP literal) and checks every address it resolves to: one
   * address on a private network refuses the whole host, whatever the others are. Answers the
   * checked addresses to connect to.
   */
  async resolve(host: string): Promise<CheckedAddress[]> {
    const name = host.replace(/^\[(.*)\]$/, '$1').trim();
    if (!name) throw new OutboundAddressRefused('The address names no host.', 'invalid');
    let addresses: CheckedAddress[];
    const literal = isIP(name);
    if (literal) addresses = [{ address: name, family: literal as 4 | 6 }];
    else {
      try {
        addresses = await Promise.race([
          this.resolver(name),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), RESOLVE_TIMEOUT_MS).unref()),
        ]);
      } catch {
        addresses = [];
      }
      if (addresses.length === 0) throw new OutboundAddressRefused(`${name} could not be found. Check the address.`, 'unresolved');
    }
    if (addresses.some((a) => !this.permits(a.address))) throw privateRefusal(name);
    return addresses;
  }

  /**
   * One HTTP(S) request to a practice-entered URL, connected to the checked address (TLS still
   * verifies the host's name), never following a redirect. Answers only the status: the body is
   * never read, so nothing the other side says can be echoed back to whoever entered the URL.
   */
  async requestStatus(url: string, init: { method?: string; headers?: Record<string, string>; timeoutMs: number }): Promise<number> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new OutboundAddressRefused('The address is not a valid web address.', 'invalid');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new OutboundAddressRefused('The address must start with http:// or https://.', 'invalid');
    const checked = await this.resolve(target.hostname);
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      const req = client.request(
        target,
        {
          method: init.method ?? 'GET',
          headers: init.headers,
          lookup: pinnedLookup(checked),
          // a fresh connection, never one pooled for another host
          agent: false,
          signal: AbortSignal.timeout(init.timeoutMs),
        },
        (res) => {
          // The status is all that is used; the body is thrown away unread.
          res.resume();
          res.destroy();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }
}

/**
 * A `lookup` that answers the checked addresses, whatever it is asked: no second resolution. With
 * all of them node tries each in turn (IPv6 and IPv4 alternating), every one of them checked.
 */
export function pinnedLookup(checked: readonly CheckedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, checked.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, checked[0]!.address, checked[0]!.family);
  }) as unknown as LookupFunction;
}

/** The one address a client that takes a single one connects to (nodemailer): IPv4 first, as most mail servers are reached. */
export const preferredAddress = (checked: readonly CheckedAddress[]): CheckedAddress => checked.find((a) => a.family === 4) ?? checked[0]!;
