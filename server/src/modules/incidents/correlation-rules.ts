import { type Action, actionStrength } from '@custos/engine';
import type { NormalisedEvent } from '../../ports/normalised-event.js';
import type { PolicyForIncident } from '../../ports/policy-port.js';
import type { Pending } from './incident-write-store.js';

/**
 * The folding rules of correlation (document 1 rule 8; docs/incidents.md): what one event
 * changes on the incident it joins. Pure: no reads, no clock of its own.
 */

export type PolicyInfo = ReadonlyMap<string, PolicyForIncident | undefined>;

const SEVERITY_RANK: Record<string, number> = { info: 1, low: 2, medium: 3, high: 4, critical: 5 };

function stronger(a: string, b: string): string {
  return actionStrength(a as Action) >= actionStrength(b as Action) ? a : b;
}

/** Whether two timestamps lie at most `ms` apart, in either order. */
export function within(a: string, b: string, ms: number): boolean {
  return Math.abs(Date.parse(a) - Date.parse(b)) <= ms;
}

/** The policy an event is correlated under: the deciding one, else the first that matched. */
export function correlatingPolicy(e: NormalisedEvent): string | null {
  return e.decided_by_policy_id ?? e.matched_policy_ids[0] ?? null;
}

/** A test policy's events make synthetic incidents (document 2, test folders). */
export function isTestMatch(e: NormalisedEvent, pid: string, p: PolicyForIncident | undefined): boolean {
  return p?.is_test === true || e.test_policy_ids.includes(pid);
}

/**
 * Folds one event into an incident: counts, first and last sighting, the stronger action, the
 * higher severity, and per policy how often it applied or was superseded. `pid` is null for a
 * path-gone event that joins by location, not by policy.
 */
export function foldEvent(
  p: Pending,
  e: NormalisedEvent,
  pid: string | null,
  policyInfo: PolicyInfo,
  now: Date,
): void {
  const r = p.row;
  p.touched = true;
  r.event_count += 1;
  r.match_count += e.match_count;
  if (e.occurred_at > r.last_seen_at) r.last_seen_at = e.occurred_at;
  if (e.occurred_at < r.first_seen_at) r.first_seen_at = e.occurred_at;
  if (e.evaluated_offline) r.evaluated_offline = 1;
  if (pid) {
    r.action = stronger(r.action, e.action);
    r.requested_action = stronger(r.requested_action, e.requested_action);
    const sev = policyInfo.get(pid)?.severity ?? e.severity;
    if (sev && (SEVERITY_RANK[sev] ?? 0) > (SEVERITY_RANK[r.severity] ?? 0)) r.severity = sev;
    const applied = p.policies.get(pid) ?? {
      name: policyInfo.get(pid)?.name ?? null,
      applied: 0,
      superseded: 0,
    };
    applied.applied += 1;
    p.policies.set(pid, applied);
  }
  if (e.superseded_policy_ids.length > 0) {
    const set = new Set<string>(JSON.parse(r.superseded_policy_ids) as string[]);
    for (const s of e.superseded_policy_ids) {
      set.add(s);
      const entry = p.policies.get(s) ?? {
        name: policyInfo.get(s)?.name ?? null,
        applied: 0,
        superseded: 0,
      };
      entry.superseded += 1;
      p.policies.set(s, entry);
    }
    r.superseded_policy_ids = JSON.stringify([...set].slice(0, 100));
  }
  if (!p.isNew) r.updated_at = now.toISOString();
}
