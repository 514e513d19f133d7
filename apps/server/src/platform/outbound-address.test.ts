import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNonPublicAddress, OutboundAddressRefused, OutboundGuard, parseAllowedNetworks } from './outbound-address.js';

describe('isNonPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local: the cloud metadata endpoint'],
    ['100.64.0.1', 'shared address space (CGNAT)'],
    ['100.127.255.254', 'shared address space (CGNAT)'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata endpoint'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['100::1', 'discard'],
    ['not-an-address', 'not an address at all'],
  ])('%s is not public (%s)', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is public',
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );
});

describe('parseAllowedNetworks', () => {
  it('takes addresses, CIDR ranges and the names loopback, linklocal, uniquelocal', () => {
    expect(parseAllowedNetworks(undefined)).toEqual([]);
    expect(parseAllowedNetworks(' loopback, 192.168.1.0/24 ,fd00::/8, 10.0.0.5 ')).toEqual(['loopback', '192.168.1.0/24', 'fd00::/8', '10.0.0.5']);
  });

  it.each(['everything', '10.0.0.0/33', '::/129', '10.0.0/8', '10.0.0.0/8/1', 'example.com'])('refuses %s, naming the variable', (value) => {
    expect(() => parseAllowedNetworks(value)).toThrow(/OUTBOUND_ALLOWED_NETWORKS/);
  });
});

describe('OutboundGuard', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/elsewhere' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secrets');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const refusal = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OutboundAddressRefused);
    return err as OutboundAddressRefused;
  };

  it('refuses a name that resolves to loopback, and loopback literals of both families', async () => {
    const guard = new OutboundGuard();
    for (const host of ['localhost', '127.0.0.1', '[::1]', '::ffff:127.0.0.1', '0.0.0.0']) {
      expect((await refusal(guard.resolve(host))).reason, host).toBe('private');
    }
  });

  it('refuses the whole host when one of its addresses is private, whatever the others are', async () => {
    const guard = new OutboundGuard([], async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    const err = await refusal(guard.resolve('mixed.willow.test'));
    expect(err.message).toBe('mixed.willow.test is a private or local network address. The portal connects only to addresses on the internet.');
  });

  it('says a name that does not resolve could not be found', async () => {
    const err = await refusal(new OutboundGuard([], async () => []).resolve('nowhere.willow.test'));
    expect(err.reason).toBe('unresolved');
  });

  it('lets through what the operator allows, and nothing else', async () => {
    const guard = new OutboundGuard(['loopback', '192.168.5.0/24']);
    await expect(guard.resolve('127.0.0.1')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(guard.resolve('[::1]')).resolves.toEqual([{ address: '::1', family: 6 }]);
    await expect(guard.resolve('192.168.5.20')).resolves.toHaveLength(1);
    expect((await refusal(guard.resolve('192.168.6.20'))).reason).toBe('private');
    expect((await refusal(guard.resolve('169.254.169.254'))).reason).toBe('private');
  });

  it('never connects to a refused address', async () => {
    const before = hits.length;
    await refusal(new OutboundGuard().requestStatus(`http://127.0.0.1:${port}/`, { timeoutMs: 2000 }));
    await refusal(new OutboundGuard().requestStatus(`http://localhost:${port}/`, { timeoutMs: 2000 }));
    expect(hits.length).toBe(before);
  });

  it('connects to the address it checked: the name is resolved once (a second answer, rebound to another address, is never asked for)', async () => {
    const answers = [
      [{ address: '127.0.0.1', family: 4 as const }],
      [{ address: '169.254.169.254', family: 4 as const }],
    ];
    let asked = 0;
    const guard = new OutboundGuard(['loopback'], async () => answers[asked++]!);
    const before = hits.length;
    expect(await guard.requestStatus(`http://rebinding.willow.test:${port}/pinned`, { timeoutMs: 5000 })).toBe(200);
    expect(asked).toBe(1);
    expect(hits.slice(before)).toEqual(['/pinned']);
  });

  it('answers a redirect as it is, without following it', async () => {
    const before = hits.length;
    expect(await new OutboundGuard(['loopback']).requestStatus(`http://127.0.0.1:${port}/moved`, { timeoutMs: 5000 })).toBe(302);
    expect(hits.slice(before)).toEqual(['/moved']);
  });

  it('refuses addresses that are not http(s)', async () => {
    expect((await refusal(new OutboundGuard().requestStatus('file:///etc/passwd', { timeoutMs: 1000 }))).reason).toBe('invalid');
    expect((await refusal(new OutboundGuard().requestStatus('gopher://127.0.0.1:70/', { timeoutMs: 1000 }))).reason).toBe('invalid');
  });
});
