import { actionStrength, isWireAction, normalizeAction } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

/**
 * Figures read from the stored events for other modules (docs/architecture.md, "Table owners"):
 * a policy's enforcement over the last days for the policy list (document 1, `GET /policies`
 * `enforcement_7d`) and the removable devices the fleet has met for the approved-device
 * inventory (`GET /approved-devices/seen`). Read-only.
 */

export interface Enforcement {
  events: number;
  /** Events whose applied action was weaker than the one the policy asked for. */
  reduced: number;
  incidents: number;
}

/** The strength of a wire action (null for one the engine does not know). */
export function strength(action: string): number | null {
  return isWireAction(action) ? actionStrength(normalizeAction(action)) : null;
}

/**
 * Per deciding policy, the events that occurred since `since`, how many of them were reduced
 * (applied action weaker than requested, e.g. block clamped to audit by the endpoint's
 * capability) and how many distinct incidents they belong to.
 */
export async function enforcementSince(
  db: Kysely<Database>,
  tenantId: string,
  since: Date,
): Promise<Map<string, Enforcement>> {
  const from = since.toISOString();
  const byAction = await db
    .selectFrom('agent_events')
    .select((eb) => ['decided_by_policy_id', 'action', 'requested_action', eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('occurred_at', '>=', from)
    .where('decided_by_policy_id', 'is not', null)
    .groupBy(['decided_by_policy_id', 'action', 'requested_action'])
    .execute();
  const incidents = await db
    .selectFrom('agent_events')
    .select((eb) => ['decided_by_policy_id', eb.fn.count<number>('incident_id').distinct().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('occurred_at', '>=', from)
    .where('decided_by_policy_id', 'is not', null)
    .groupBy('decided_by_policy_id')
    .execute();
  const out = new Map<string, Enforcement>();
  const entry = (id: string) => {
    let e = out.get(id);
    if (!e) {
      e = { events: 0, reduced: 0, incidents: 0 };
      out.set(id, e);
    }
    return e;
  };
  for (const r of byAction) {
    if (!r.decided_by_policy_id) continue;
    const e = entry(r.decided_by_policy_id);
    const n = Number(r.n);
    e.events += n;
    const applied = strength(r.action);
    const requested = strength(r.requested_action);
    if (applied !== null && requested !== null && applied < requested) e.reduced += n;
  }
  for (const r of incidents)
    if (r.decided_by_policy_id) entry(r.decided_by_policy_id).incidents = Number(r.n);
  return out;
}

export interface SeenDevice {
  serial: string;
  device_class: string | null;
  vendor: string | null;
  model: string | null;
  endpoints: number;
  events: number;
  first_seen_at: string;
  last_seen_at: string;
}

/**
 * Removable devices the fleet has met (document 1, `GET /approved-devices/seen`): every ingested
 * removable_storage event carrying a device serial, grouped by serial without case (serials
 * compare without case, Conditions rule 7). A device reported without a serial (a phone is
 * identified by class only) cannot be approved and is not listed. Newest sighting first.
 */
export async function seenRemovableDevices(db: Kysely<Database>, tenantId: string): Promise<SeenDevice[]> {
  const rows = await db
    .selectFrom('agent_events')
    .select(['device_id', 'occurred_at', 'payload'])
    .where('tenant_id', '=', tenantId)
    .where('channel', '=', 'removable_storage')
    .execute();
  const bySerial = new Map<string, SeenDevice & { hosts: Set<string> }>();
  for (const r of rows) {
    let rd: Record<string, unknown> | null = null;
    try {
      rd =
        (JSON.parse(r.payload) as { removable_device?: Record<string, unknown> | null }).removable_device ??
        null;
    } catch {
      continue;
    }
    const serial = typeof rd?.['serial'] === 'string' ? (rd['serial'] as string) : null;
    if (!rd || !serial) continue;
    const text = (k: string) => (typeof rd[k] === 'string' ? (rd[k] as string) : null);
    const key = serial.toLowerCase();
    const d = bySerial.get(key);
    if (!d) {
      bySerial.set(key, {
        serial,
        device_class: text('device_class'),
        vendor: text('vendor'),
        model: text('model'),
        endpoints: 0,
        events: 1,
        first_seen_at: r.occurred_at,
        last_seen_at: r.occurred_at,
        hosts: new Set([r.device_id]),
      });
      continue;
    }
    d.events++;
    d.hosts.add(r.device_id);
    if (r.occurred_at < d.first_seen_at) d.first_seen_at = r.occurred_at;
    if (r.occurred_at >= d.last_seen_at) {
      // The newest sighting names the device (a relabelled class or model is the current one).
      d.last_seen_at = r.occurred_at;
      d.serial = serial;
      d.device_class = text('device_class') ?? d.device_class;
      d.vendor = text('vendor') ?? d.vendor;
      d.model = text('model') ?? d.model;
    }
  }
  return [...bySerial.values()]
    .map(({ hosts, ...d }) => ({ ...d, endpoints: hosts.size }))
    .sort((a, b) =>
      a.last_seen_at === b.last_seen_at
        ? a.serial.localeCompare(b.serial)
        : a.last_seen_at < b.last_seen_at
          ? 1
          : -1,
    );
}
