import { BlockList, isIP } from 'node:net';
import type { NetworkLocation } from '@custos/engine';
import type { NetworkAdapter } from '../platform/types.js';

/** The tenant's indicators as check-in delivers them (docs/network-indicators.md). */
export interface NetworkIndicators {
  revision: number;
  dns_suffixes: string[];
  ip_ranges: string[];
}

function rangeList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const r of ranges) {
    const [addr = '', bits] = r.split('/');
    const family = isIP(addr);
    if (family === 0 || bits === undefined) continue;
    list.addSubnet(addr, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

function carriesSuffix(adapter: NetworkAdapter, suffixes: readonly string[]): boolean {
  return adapter.dns_suffixes.some((d) => {
    const name = d.toLowerCase().replace(/\.$/, '');
    return suffixes.some((s) => name === s || name.endsWith(`.${s}`));
  });
}

function inRanges(adapter: NetworkAdapter, ranges: BlockList): boolean {
  return adapter.addresses.some((a) => {
    const family = isIP(a);
    return family !== 0 && ranges.check(a, family === 4 ? 'ipv4' : 'ipv6');
  });
}

/**
 * The endpoint's own location (document 1, Conditions rule 6), decided locally so it holds offline:
 * - no indicators configured → `null`: nothing reported, so location rules match nothing;
 * - the network could not be read → `unknown`, which is never the corporate network;
 * - `corporate` when an adapter that is not a tunnel has an address in a corporate range or
 *   carries a corporate DNS suffix;
 * - `vpn` when a tunnel adapter carries a corporate DNS suffix (the spec's definition; a tunnel
 *   with a corporate address but no corporate suffix is not called a VPN);
 * - otherwise `off_network`. Corporate wins over VPN: on the office LAN with a tunnel up, the
 *   endpoint is on the corporate network.
 */
export function classifyLocation(
  indicators: NetworkIndicators | null,
  adapters: readonly NetworkAdapter[] | null,
): NetworkLocation | null {
  if (!indicators || (indicators.dns_suffixes.length === 0 && indicators.ip_ranges.length === 0)) return null;
  if (adapters === null) return 'unknown';
  const ranges = rangeList(indicators.ip_ranges);
  const physical = adapters.filter((a) => !a.tunnel);
  if (physical.some((a) => inRanges(a, ranges) || carriesSuffix(a, indicators.dns_suffixes)))
    return 'corporate';
  if (adapters.some((a) => a.tunnel && carriesSuffix(a, indicators.dns_suffixes))) return 'vpn';
  return 'off_network';
}
