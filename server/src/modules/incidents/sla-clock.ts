import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import {
  type SlaSeverity,
  type SlaTargets,
  saveSlaRow,
  setMet,
  slaRow,
  slaSubjectOf,
  slaTargets,
} from './sla-store.js';
import type { IncidentSlaTable } from './sla-tables.js';
import type { IncidentsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;
type Subject = Pick<IncidentsTable, 'id' | 'tenant_id' | 'severity' | 'created_at'>;

function targetOf(targets: Record<SlaSeverity, number>, severity: string): number | null {
  return Object.hasOwn(targets, severity) ? targets[severity as SlaSeverity] : null;
}

function freshClock(r: Subject): IncidentSlaTable {
  return {
    incident_id: r.id,
    tenant_id: r.tenant_id,
    responded_at: null,
    response_target_minutes: null,
    resolved_at: null,
    resolution_target_minutes: null,
    clock_from: r.created_at,
    awaiting_ms: 0,
    paused_at: null,
    paused_elapsed_ms: null,
  };
}

/**
 * Records what a status change decides, in the transaction of the change (docs/incidents.md, SLA
 * targets): leaving `new` decides the response, the first close decides the resolution, each
 * against the targets in force at that moment; entering and leaving `awaiting_user` stops and
 * restarts the resolution clock. A decided outcome is never written again.
 */
export async function recordSlaTransition(
  db: Db,
  r: Subject,
  from: string,
  to: string,
  now: Date,
): Promise<void> {
  if (from === to) return;
  const c = (await slaRow(db, r.id)) ?? freshClock(r);
  const targets: SlaTargets = await slaTargets(db, r.tenant_id);
  const met: { response_met?: number | null; resolution_met?: number | null } = {};
  const at = now.getTime();
  if (from === 'new' && c.responded_at === null) {
    const target = targetOf(targets.response, r.severity);
    c.responded_at = now.toISOString();
    c.response_target_minutes = target;
    if (target !== null) met.response_met = at - Date.parse(r.created_at) <= target * 60_000 ? 1 : 0;
  }
  if (from === 'awaiting_user' && c.paused_at !== null) {
    c.awaiting_ms += Math.max(0, at - Date.parse(c.paused_at));
    c.clock_from = new Date(Date.parse(r.created_at) + c.awaiting_ms).toISOString();
    c.paused_at = null;
    c.paused_elapsed_ms = null;
  }
  if (to === 'awaiting_user' && c.resolved_at === null) {
    c.paused_at = now.toISOString();
    c.paused_elapsed_ms = Math.max(0, at - Date.parse(c.clock_from));
  }
  if (to === 'closed' && c.resolved_at === null) {
    const target = targetOf(targets.resolution, r.severity);
    c.resolved_at = now.toISOString();
    c.resolution_target_minutes = target;
    if (target !== null) met.resolution_met = at - Date.parse(c.clock_from) <= target * 60_000 ? 1 : 0;
  }
  await saveSlaRow(db, c);
  await setMet(db, r.id, met);
}

/** Same, for a writer that holds only the incident id (reads the row in the transaction). */
export async function recordSlaTransitionOf(
  db: Db,
  incidentId: string,
  from: string,
  to: string,
  now: Date,
): Promise<void> {
  const r = await slaSubjectOf(db, incidentId);
  if (r) await recordSlaTransition(db, r, from, to, now);
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * The `sla` block of GET /incidents/{id}: the outcome once decided (with the target it was
 * judged against), otherwise the due time under the current targets (null while the clock is
 * stopped in awaiting_user, or when the severity has no target).
 */
export async function slaView(db: Db, r: IncidentsTable, now: Date) {
  const c = (await slaRow(db, r.id)) ?? freshClock(r);
  const targets = await slaTargets(db, r.tenant_id);
  const responseTarget =
    c.responded_at !== null ? c.response_target_minutes : targetOf(targets.response, r.severity);
  const resolutionTarget =
    c.resolved_at !== null ? c.resolution_target_minutes : targetOf(targets.resolution, r.severity);
  const awaiting = c.awaiting_ms + (c.paused_at ? Math.max(0, now.getTime() - Date.parse(c.paused_at)) : 0);
  return {
    response_target_minutes: responseTarget,
    response_due_at: responseTarget === null ? null : plus(r.created_at, responseTarget * 60_000),
    responded_at: c.responded_at,
    response_met: r.response_met === null ? null : r.response_met === 1,
    resolution_target_minutes: resolutionTarget,
    resolution_due_at:
      resolutionTarget === null || (c.paused_at !== null && c.resolved_at === null)
        ? null
        : plus(c.clock_from, resolutionTarget * 60_000),
    resolved_at: c.resolved_at,
    resolution_met: r.resolution_met === null ? null : r.resolution_met === 1,
    awaiting_user_minutes: Math.floor(awaiting / 60_000),
    clock_stopped: c.paused_at !== null && c.resolved_at === null,
  };
}
