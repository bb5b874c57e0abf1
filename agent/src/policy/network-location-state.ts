import { join } from 'node:path';
import type { NetworkLocation } from '@custos/engine';
import type { NetworkFacts } from '../platform/types.js';
import { readStateJson, writeStateJson } from '../state-files.js';
import { classifyLocation, type NetworkIndicators } from './network-location.js';

/** How long a classified location is reused before the adapters are read again. */
const LOCATION_TTL_MS = 30_000;

function isIndicators(v: unknown): v is NetworkIndicators {
  const o = v as NetworkIndicators | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    Number.isInteger(o.revision) &&
    Array.isArray(o.dns_suffixes) &&
    o.dns_suffixes.every((s) => typeof s === 'string') &&
    Array.isArray(o.ip_ranges) &&
    o.ip_ranges.every((s) => typeof s === 'string')
  );
}

/**
 * The tenant's indicators the agent last received (kept in the state directory so location is known
 * offline and after a restart) and the endpoint's current location, re-read at most every 30 s.
 */
export class NetworkLocationState {
  private indicators: NetworkIndicators | null = null;
  private cache: { at: number; value: NetworkLocation | null } | null = null;
  private readonly file: string;

  constructor(
    stateDir: string,
    private readonly facts: NetworkFacts | undefined,
    private readonly clock: () => number = Date.now,
  ) {
    this.file = join(stateDir, 'network-indicators.json');
  }

  /** Loads the stored indicators; a missing or unreadable file means none (location not reported). */
  async load(): Promise<void> {
    const stored = await readStateJson<unknown>(this.file).catch(() => undefined);
    this.indicators = isIndicators(stored) ? stored : null;
  }

  get revision(): number {
    return this.indicators?.revision ?? 0;
  }

  /** Takes the set a check-in delivered; stored only when its revision differs. Returns whether it changed. */
  async accept(received: unknown): Promise<boolean> {
    if (!isIndicators(received) || received.revision === this.revision) return false;
    const next: NetworkIndicators = {
      revision: received.revision,
      dns_suffixes: [...received.dns_suffixes],
      ip_ranges: [...received.ip_ranges],
    };
    await writeStateJson(this.file, next);
    this.indicators = next;
    this.cache = null;
    return true;
  }

  /** The location decisions use and check-in reports; `null` when the tenant set no indicators. */
  async current(): Promise<NetworkLocation | null> {
    const now = this.clock();
    if (this.cache && now - this.cache.at < LOCATION_TTL_MS) return this.cache.value;
    const adapters = this.facts ? await this.facts.adapters().catch(() => null) : null;
    const value = classifyLocation(this.indicators, adapters);
    this.cache = { at: now, value };
    return value;
  }
}
