import { readdir, readFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { NetworkAdapter, NetworkFacts } from '../types.js';

/** ARPHRD_* link types of tunnels (linux/if_arp.h): none (tun, WireGuard), PPP, IPIP, IP6IP6, SIT, GRE, IP6GRE. */
const TUNNEL_LINK_TYPES = new Set([65534, 512, 768, 769, 776, 778, 823]);

export interface LinuxNetworkPaths {
  /** sysfs root (default `/sys`). */
  sysfsRoot: string;
  /** systemd-resolved per-link state (default `/run/systemd/resolve/netif`). */
  resolvedNetifDir: string;
  /** The resolver configuration (default `/etc/resolv.conf`). */
  resolvConf: string;
  /** Interface list (default `os.networkInterfaces`), replaceable by tests. */
  interfaces?: () => NodeJS.Dict<import('node:os').NetworkInterfaceInfo[]>;
}

async function text(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

async function isTunnel(sysfs: string, name: string): Promise<boolean> {
  const dir = join(sysfs, 'class', 'net', name);
  // tun and tap devices have tun_flags; other tunnels are told by their link type.
  if ((await text(join(dir, 'tun_flags'))) !== null) return true;
  const type = Number((await text(join(dir, 'type')))?.trim());
  return TUNNEL_LINK_TYPES.has(type);
}

/** `DOMAINS=` of a systemd-resolved link file; `~`-prefixed routing-only domains count too. */
function linkDomains(file: string): string[] {
  const line = file.split('\n').find((l) => l.startsWith('DOMAINS='));
  if (!line) return [];
  return line
    .slice('DOMAINS='.length)
    .split(/\s+/)
    .map((d) => d.replace(/^~/, ''))
    .filter((d) => d.length > 0 && d !== '.');
}

function searchDomains(conf: string): string[] {
  const out: string[] = [];
  for (const line of conf.split('\n')) {
    const m = /^\s*(search|domain)\s+(.+)$/.exec(line);
    if (m?.[2]) out.push(...m[2].split(/\s+/).filter(Boolean));
  }
  return out;
}

/**
 * Adapters, their addresses, tunnel flag and DNS suffixes. Suffixes come per link from
 * systemd-resolved when it runs; otherwise the global search list of resolv.conf is attributed to
 * the tunnels when one is up (a VPN client writes its suffix there) and to every other adapter
 * when none is (docs/network-indicators.md).
 */
export function createLinuxNetwork(paths: LinuxNetworkPaths): NetworkFacts {
  return {
    async adapters(): Promise<NetworkAdapter[] | null> {
      let ifaces: NodeJS.Dict<import('node:os').NetworkInterfaceInfo[]>;
      try {
        ifaces = (paths.interfaces ?? networkInterfaces)();
      } catch {
        return null;
      }
      const adapters: (NetworkAdapter & { ifindex: string | null })[] = [];
      for (const [name, infos] of Object.entries(ifaces)) {
        const live = (infos ?? []).filter((i) => !i.internal);
        if (live.length === 0) continue;
        const ifindex = (await text(join(paths.sysfsRoot, 'class', 'net', name, 'ifindex')))?.trim() ?? null;
        adapters.push({
          name,
          addresses: live.map((i) => i.address.replace(/%.*$/, '')),
          dns_suffixes: [],
          tunnel: await isTunnel(paths.sysfsRoot, name),
          ifindex,
        });
      }
      const linkFiles = await readdir(paths.resolvedNetifDir).catch(() => [] as string[]);
      if (linkFiles.length > 0) {
        for (const a of adapters) {
          const file = a.ifindex ? await text(join(paths.resolvedNetifDir, a.ifindex)) : null;
          if (file) a.dns_suffixes = linkDomains(file);
        }
      } else {
        const global = searchDomains((await text(paths.resolvConf)) ?? '');
        const tunnels = adapters.some((a) => a.tunnel);
        for (const a of adapters) if (a.tunnel === tunnels) a.dns_suffixes = [...global];
      }
      return adapters.map(({ ifindex: _i, ...a }) => a);
    },
  };
}
