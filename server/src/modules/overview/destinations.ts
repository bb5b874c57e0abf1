import { BlockList, isIP } from 'node:net';
import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import { destinationCounts } from '../agent-events/public.js';
import { incidentIdsIn } from '../incidents/public.js';
import { indicatorsForAgents } from '../network-indicators/public.js';
import { scopeOf, windowStart } from './window.js';

/** How many of the most-named destinations are classified; each list shows at most LIST. */
const COUNTED = 200;
const LIST = 20;
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

type Row = { destination: string; incidents: number };

/**
 * The destinations of the window, classified against the tenant's network indicators
 * (docs/overview.md, Destinations): business (a host under one of its DNS suffixes, an address in
 * one of its ranges), non-business (any other host name or address), unclassified (not a network
 * destination — printers, devices, paths — or every destination while no indicator is set).
 */
export async function destinationList(ctx: ServiceContext, p: Principal) {
  const scope = scopeOf(p);
  const ids = incidentIdsIn(ctx.db, scope);
  const rows = await destinationCounts(ctx.db, p.tenantId, windowStart(ctx), ids, COUNTED);
  const indicators = await indicatorsForAgents(ctx.db, p.tenantId);
  const suffixes = indicators.dns_suffixes.map((s) => s.toLowerCase().replace(/^\./, ''));
  const ranges = new BlockList();
  for (const r of indicators.ip_ranges) {
    const [address, bits] = r.split('/');
    const family = isIP(address ?? '');
    if (family === 0) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) ranges.addAddress(address!, type);
    else ranges.addSubnet(address!, Number(bits), type);
  }
  const configured = suffixes.length > 0 || indicators.ip_ranges.length > 0;
  const unclassified: Row[] = [];
  const nonBusiness: Row[] = [];
  for (const r of rows) {
    const d = r.destination.toLowerCase();
    const ip = isIP(d);
    if (!configured || (ip === 0 && !HOST.test(d))) unclassified.push(r);
    else if (
      ip !== 0
        ? ranges.check(d, ip === 4 ? 'ipv4' : 'ipv6')
        : suffixes.some((s) => d === s || d.endsWith(`.${s}`))
    )
      continue;
    else nonBusiness.push(r);
  }
  return {
    all: rows,
    configured,
    unclassified: unclassified.slice(0, LIST),
    nonBusiness: nonBusiness.slice(0, LIST),
  };
}
