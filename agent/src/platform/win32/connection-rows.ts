/**
 * Document 1, Connection policies: `mode` allow_only or deny, `applications` executable file
 * names, `destinations` `{address, ports[]}` with an address or CIDR range (never a hostname;
 * no ports = every port). This turns them into WFP filter rows for the addon. Weights order the
 * rows inside our sublayer: a deny beats an allow_only permit, which beats allow_only's
 * catch-all block for that application.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { WfpFilterRow } from '@custos/native';

export const WEIGHT_DENY = 14;
export const WEIGHT_ALLOW_ONLY_PERMIT = 12;
export const WEIGHT_ALLOW_ONLY_BLOCK = 2;

export interface ConnectionDestination {
  address: string;
  ports?: number[];
}

export interface ConnectionRule {
  mode: 'allow_only' | 'deny';
  /** Resolved executable paths (see resolveApplication in the Windows backend). */
  appPaths: string[];
  destinations: ConnectionDestination[];
}

export interface ParsedDestination {
  layer: 'v4' | 'v6';
  address: Buffer;
  prefix: number;
}

function ipv6Bytes(text: string): Buffer | null {
  let head = text;
  let v4Tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    v4Tail = tail.split('.').map(Number);
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((h) => Number.parseInt(h, 16)));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - left.length - right.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const groups = [...left, ...new Array<number>(halves.length === 2 ? fill : 0).fill(0), ...right];
  const bytes = Buffer.alloc(16);
  for (const [i, g] of groups.entries()) {
    if (!Number.isInteger(g) || g < 0 || g > 0xffff) return null;
    bytes.writeUInt16BE(g, i * 2);
  }
  if (v4Tail.length === 4) Buffer.from(v4Tail).copy(bytes, 12);
  return bytes;
}

/** An address or CIDR range; null for anything else (a hostname is refused by the server already). */
export function parseDestination(address: string): ParsedDestination | null {
  const slash = address.indexOf('/');
  const host = slash < 0 ? address : address.slice(0, slash);
  const prefixText = slash < 0 ? null : address.slice(slash + 1);
  if (prefixText !== null && !/^\d{1,3}$/.test(prefixText)) return null;
  if (isIPv4(host)) {
    const prefix = prefixText === null ? 32 : Number(prefixText);
    if (prefix > 32) return null;
    return { layer: 'v4', address: Buffer.from(host.split('.').map(Number)), prefix };
  }
  if (isIPv6(host)) {
    const prefix = prefixText === null ? 128 : Number(prefixText);
    const bytes = ipv6Bytes(host);
    if (prefix > 128 || bytes === null) return null;
    return { layer: 'v6', address: bytes, prefix };
  }
  return null;
}

export interface ExpandedRows {
  rows: WfpFilterRow[];
  /** Destinations that are not an address or CIDR range, skipped (never guessed). */
  invalidDestinations: string[];
}

export function expandConnectionRules(rules: ConnectionRule[]): ExpandedRows {
  const rows: WfpFilterRow[] = [];
  const invalidDestinations: string[] = [];
  for (const rule of rules) {
    const parsed: { dest: ParsedDestination; ports: (number | undefined)[] }[] = [];
    for (const destination of rule.destinations) {
      const dest = parseDestination(destination.address);
      if (dest === null) {
        invalidDestinations.push(destination.address);
        continue;
      }
      const ports = destination.ports && destination.ports.length > 0 ? destination.ports : [undefined];
      parsed.push({ dest, ports });
    }
    for (const appPath of rule.appPaths) {
      const action = rule.mode === 'deny' ? 'block' : 'permit';
      const weight = rule.mode === 'deny' ? WEIGHT_DENY : WEIGHT_ALLOW_ONLY_PERMIT;
      for (const { dest, ports } of parsed) {
        for (const port of ports) {
          const row: WfpFilterRow = {
            layer: dest.layer,
            action,
            weight,
            appPath,
            address: dest.address,
            prefix: dest.prefix,
          };
          if (port !== undefined) row.port = port;
          rows.push(row);
        }
      }
      if (rule.mode === 'allow_only') {
        rows.push({ layer: 'v4', action: 'block', weight: WEIGHT_ALLOW_ONLY_BLOCK, appPath });
        rows.push({ layer: 'v6', action: 'block', weight: WEIGHT_ALLOW_ONLY_BLOCK, appPath });
      }
    }
  }
  return { rows, invalidDestinations };
}
