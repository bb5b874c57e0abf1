import { win32 } from 'node:path';
import { isNativeError, nativeFunction, type RefusedConnectionRaw, type WfpFilterRow } from '@custos/native';
import type {
  ConnectionFilterControl,
  ConnectionFiltersHealth,
  ConnectionPolicyRule,
  RefusedConnection,
} from '../types.js';
import { expandConnectionRules } from './connection-rows.js';

export type { ConnectionFiltersHealth, RefusedConnection };

/** Document 1, Connection policies: one connection policy as the bundle carries it. */
export type ConnectionPolicy = ConnectionPolicyRule;

/** The WFP calls the manager needs; the default is the addon (tests on Linux pass their own). */
export interface FilterBackend {
  open(): number;
  replace(session: number, rows: WfpFilterRow[]): number;
  take(session: number): { events: RefusedConnectionRaw[]; dropped: number };
  close(session: number): void;
}

export const nativeFilterBackend: FilterBackend = {
  open: () => nativeFunction('wfpOpen')({ collectNetEvents: true }),
  replace: (session, rows) => nativeFunction('wfpReplaceFilters')(session, rows),
  take: (session) => nativeFunction('wfpTakeNetEvents')(session),
  close: (session) => {
    nativeFunction('wfpClose')(session);
  },
};

/** "at most one a minute per application and destination" */
export const REFUSED_EVENT_INTERVAL_MS = 60_000;

function describe(err: unknown): string {
  return isNativeError(err) ? `${err.message} (${err.code})` : String(err);
}

/**
 * Keeps the WFP filters in step with the bundle's connection policies. A new bundle replaces the
 * whole set in one transaction: when that fails the previous filters stay in force and health
 * says why. Refused connections become `network_connection` events, throttled per application
 * and destination.
 */
export class ConnectionFilterManager implements ConnectionFilterControl {
  private session: number | null = null;
  private inForce = 0;
  private current: ConnectionFiltersHealth = { wanted: 0, in_force: 0, reason: null };
  private readonly lastEmitted = new Map<string, number>();
  /** Application file name (lower case) → the policies in force naming it. */
  private policiesByApp = new Map<string, string[]>();

  constructor(
    private readonly resolve: (applicationName: string) => string[],
    private readonly backend: FilterBackend = nativeFilterBackend,
    private readonly now: () => number = Date.now,
  ) {}

  apply(policies: ConnectionPolicy[]): ConnectionFiltersHealth {
    const wanted = policies.length;
    const reasons: string[] = [];
    const coveredPolicies: ConnectionPolicy[] = [];
    const byApp = new Map<string, string[]>();
    const rules = policies.map((p) => {
      const appPaths = p.applications.flatMap((name) => {
        byApp.set(name.toLowerCase(), [...(byApp.get(name.toLowerCase()) ?? []), p.policy_id]);
        let paths: string[] = [];
        try {
          paths = this.resolve(name);
        } catch (err) {
          reasons.push(`${p.policy_id}: ${name} could not be resolved: ${describe(err)}`);
        }
        if (paths.length === 0)
          reasons.push(`${p.policy_id}: ${name} has no copy in a system folder or on the search path`);
        return paths;
      });
      if (appPaths.length > 0) coveredPolicies.push(p);
      return { mode: p.mode, appPaths, destinations: p.destinations };
    });
    const { rows, invalidDestinations } = expandConnectionRules(rules);
    for (const d of invalidDestinations) reasons.push(`destination ${d} is not an address or CIDR range`);
    if (wanted === 0 && this.session === null) {
      this.current = { wanted: 0, in_force: 0, reason: null };
      return this.current;
    }
    try {
      if (this.session === null) this.session = this.backend.open();
      this.backend.replace(this.session, rows);
      this.inForce = coveredPolicies.length;
      this.policiesByApp = byApp;
    } catch (err) {
      // Atomic replace: the previous set (this.inForce policies) is still what WFP enforces.
      reasons.unshift(`connection filters not replaced: ${describe(err)}`);
    }
    this.current = { wanted, in_force: this.inForce, reason: reasons.length > 0 ? reasons.join('; ') : null };
    return this.current;
  }

  health(): ConnectionFiltersHealth {
    return this.current;
  }

  /** Refused connections since the last call, at most one a minute per application and destination. */
  takeRefused(): RefusedConnection[] {
    if (this.session === null) return [];
    const out: RefusedConnection[] = [];
    const now = this.now();
    let events: RefusedConnectionRaw[];
    try {
      events = this.backend.take(this.session).events;
    } catch {
      return [];
    }
    for (const event of events) {
      const application = win32.basename(event.appId).toLowerCase();
      const key = `${application}|${event.remoteAddress}`;
      const last = this.lastEmitted.get(key);
      if (last !== undefined && now - last < REFUSED_EVENT_INTERVAL_MS) continue;
      this.lastEmitted.set(key, now);
      out.push({
        occurred_at: new Date(event.timeMs).toISOString(),
        application,
        address: event.remoteAddress,
        port: event.remotePort,
        policy_ids: this.policiesByApp.get(application) ?? [],
      });
    }
    return out;
  }

  close(): void {
    try {
      if (this.session !== null) this.backend.close(this.session);
    } catch {
      /* the dynamic session ends with the process anyway */
    }
    this.session = null;
    this.inForce = 0;
    this.current = { ...this.current, in_force: 0 };
  }
}
