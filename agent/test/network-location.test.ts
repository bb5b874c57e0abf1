import { mkdirSync, writeFileSync } from 'node:fs';
import type { NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLinuxNetwork } from '../src/platform/linux/network.js';
import type { NetworkAdapter } from '../src/platform/types.js';
import { classifyLocation, type NetworkIndicators } from '../src/policy/network-location.js';
import { tempDir } from './helpers/tmp.js';

const indicators: NetworkIndicators = {
  revision: 3,
  dns_suffixes: ['corp.example.com'],
  ip_ranges: ['10.0.0.0/8', '2001:db8::/32'],
};
const adapter = (over: Partial<NetworkAdapter>): NetworkAdapter => ({
  name: 'eth0',
  addresses: [],
  dns_suffixes: [],
  tunnel: false,
  ...over,
});

describe('classifyLocation (document 1, rule 6)', () => {
  it('reports nothing when the tenant has no indicators, so location rules match nothing', () => {
    expect(classifyLocation(null, [adapter({ addresses: ['10.1.2.3'] })])).toBeNull();
    expect(classifyLocation({ revision: 1, dns_suffixes: [], ip_ranges: [] }, [])).toBeNull();
  });

  it('is unknown, never corporate, when the network cannot be read', () => {
    expect(classifyLocation(indicators, null)).toBe('unknown');
  });

  it('is corporate by an address in a corporate range or a corporate suffix on a physical adapter', () => {
    expect(classifyLocation(indicators, [adapter({ addresses: ['10.20.30.40'] })])).toBe('corporate');
    expect(classifyLocation(indicators, [adapter({ addresses: ['2001:db8:1::5'] })])).toBe('corporate');
    expect(
      classifyLocation(indicators, [
        adapter({ addresses: ['192.168.1.5'], dns_suffixes: ['lan.corp.example.com'] }),
      ]),
    ).toBe('corporate');
  });

  it('is vpn when a tunnel adapter carries a corporate suffix, and corporate wins over vpn', () => {
    const home = adapter({ addresses: ['192.168.1.5'], dns_suffixes: ['home.arpa'] });
    const tunnel = adapter({
      name: 'tun0',
      addresses: ['10.99.0.2'],
      dns_suffixes: ['corp.example.com.'],
      tunnel: true,
    });
    expect(classifyLocation(indicators, [home, tunnel])).toBe('vpn');
    const office = adapter({ addresses: ['10.1.1.1'] });
    expect(classifyLocation(indicators, [office, tunnel])).toBe('corporate');
  });

  it('does not call a tunnel with a corporate address but no corporate suffix a VPN', () => {
    const tunnel = adapter({ name: 'wg0', addresses: ['10.99.0.2'], tunnel: true });
    expect(classifyLocation(indicators, [tunnel])).toBe('off_network');
  });

  it('is off_network elsewhere; a look-alike suffix does not count', () => {
    expect(
      classifyLocation(indicators, [
        adapter({ addresses: ['11.0.0.1'], dns_suffixes: ['notcorp.example.com'] }),
      ]),
    ).toBe('off_network');
  });
});

const info = (address: string, internal = false): NetworkInterfaceInfo =>
  ({
    address,
    netmask: '255.0.0.0',
    family: address.includes(':') ? 'IPv6' : 'IPv4',
    mac: '00:00:00:00:00:00',
    internal,
    cidr: null,
  }) as NetworkInterfaceInfo;

function sysfsLink(root: string, name: string, ifindex: number, type: number, tun = false): void {
  const dir = join(root, 'class', 'net', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ifindex'), `${ifindex}\n`);
  writeFileSync(join(dir, 'type'), `${type}\n`);
  if (tun) writeFileSync(join(dir, 'tun_flags'), '0x1001\n');
}

describe('Linux network facts', () => {
  const interfaces = () => ({
    lo: [info('127.0.0.1', true)],
    eth0: [info('192.168.1.5'), info('fe80::1%eth0')],
    tun0: [info('10.99.0.2')],
    wg0: [info('10.98.0.2')],
  });

  it('reads tunnels from sysfs and suffixes per link from systemd-resolved', async () => {
    const root = tempDir();
    const sysfs = join(root, 'sys');
    sysfsLink(sysfs, 'eth0', 2, 1);
    sysfsLink(sysfs, 'tun0', 5, 65534, true);
    sysfsLink(sysfs, 'wg0', 6, 65534);
    const netif = join(root, 'netif');
    mkdirSync(netif);
    writeFileSync(join(netif, '2'), 'SERVERS=192.168.1.1\nDOMAINS=home.arpa\n');
    writeFileSync(join(netif, '5'), 'SERVERS=10.0.0.53\nDOMAINS=~corp.example.com\n');
    const facts = createLinuxNetwork({
      sysfsRoot: sysfs,
      resolvedNetifDir: netif,
      resolvConf: join(root, 'missing'),
      interfaces,
    });
    const adapters = await facts.adapters();
    expect(adapters).toEqual([
      { name: 'eth0', addresses: ['192.168.1.5', 'fe80::1'], dns_suffixes: ['home.arpa'], tunnel: false },
      { name: 'tun0', addresses: ['10.99.0.2'], dns_suffixes: ['corp.example.com'], tunnel: true },
      { name: 'wg0', addresses: ['10.98.0.2'], dns_suffixes: [], tunnel: true },
    ]);
    expect(classifyLocation(indicators, adapters)).toBe('vpn');
  });

  it('without systemd-resolved gives the resolv.conf search list to the tunnels when one is up', async () => {
    const root = tempDir();
    const sysfs = join(root, 'sys');
    sysfsLink(sysfs, 'eth0', 2, 1);
    sysfsLink(sysfs, 'tun0', 5, 65534, true);
    sysfsLink(sysfs, 'wg0', 6, 65534);
    writeFileSync(
      join(root, 'resolv.conf'),
      'nameserver 10.0.0.53\nsearch corp.example.com eu.corp.example.com\n',
    );
    const facts = createLinuxNetwork({
      sysfsRoot: sysfs,
      resolvedNetifDir: join(root, 'no-netif'),
      resolvConf: join(root, 'resolv.conf'),
      interfaces,
    });
    const adapters = (await facts.adapters()) ?? [];
    expect(adapters.find((a) => a.name === 'eth0')?.dns_suffixes).toEqual([]);
    expect(adapters.find((a) => a.name === 'tun0')?.dns_suffixes).toEqual([
      'corp.example.com',
      'eu.corp.example.com',
    ]);
    expect(classifyLocation(indicators, adapters)).toBe('vpn');
    // With no tunnel up, the same search list belongs to the physical adapter: on the office LAN.
    const lan = createLinuxNetwork({
      sysfsRoot: sysfs,
      resolvedNetifDir: join(root, 'no-netif'),
      resolvConf: join(root, 'resolv.conf'),
      interfaces: () => ({ eth0: [info('192.168.1.5')] }),
    });
    expect(classifyLocation(indicators, await lan.adapters())).toBe('corporate');
  });

  it('answers null when the interface list cannot be read', async () => {
    const facts = createLinuxNetwork({
      sysfsRoot: '/nonexistent',
      resolvedNetifDir: '/nonexistent',
      resolvConf: '/nonexistent',
      interfaces: () => {
        throw new Error('EPERM');
      },
    });
    expect(await facts.adapters()).toBeNull();
  });

  it('reads this machine without failing', async () => {
    const facts = createLinuxNetwork({
      sysfsRoot: '/sys',
      resolvedNetifDir: '/run/systemd/resolve/netif',
      resolvConf: '/etc/resolv.conf',
    });
    const adapters = await facts.adapters();
    expect(Array.isArray(adapters)).toBe(true);
    for (const a of adapters ?? []) expect(a.addresses.length).toBeGreaterThan(0);
  });
});
