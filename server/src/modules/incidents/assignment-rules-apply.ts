import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { AuditWriter, systemContext } from '../../http/audit.js';
import { findUserByEmail } from '../../http/auth-store.js';
import { resolveRolePermissions } from '../../http/roles.js';
import { assignIfUnassigned, listRules } from './assignment-rules-store.js';
import type { IncidentAssignmentRulesTable } from './assignment-rules-tables.js';
import { isAboutAccount } from './self-action.js';
import type { IncidentsTable } from './tables.js';
import { timeOrderedId } from './time-ordered-id.js';
import { insertHistory } from './workflow-store.js';

type Db = Kysely<Database> | Transaction<Database>;

const SEVERITY_RANK: Record<string, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

/** Every condition the rule names holds (a missing one matches anything; document 2). */
export function ruleMatches(
  rule: Pick<IncidentAssignmentRulesTable, 'policy_id' | 'channel' | 'min_severity' | 'department'>,
  r: Pick<IncidentsTable, 'policy_id' | 'channel' | 'severity'> & { department?: string | null },
): boolean {
  if (rule.policy_id !== null && rule.policy_id !== r.policy_id) return false;
  if (rule.channel !== null && rule.channel !== r.channel) return false;
  if (
    rule.min_severity !== null &&
    (SEVERITY_RANK[r.severity] ?? -1) < (SEVERITY_RANK[rule.min_severity] ?? 99)
  )
    return false;
  if (rule.department !== null) {
    const d = r.department ?? null;
    if (d === null || d.toLowerCase() !== rule.department.toLowerCase()) return false;
  }
  return true;
}

/**
 * Why an account cannot be given incidents by a rule, or null when it can: it must exist, be
 * active (not invited, not disabled: a departed person) and hold incidents:read and
 * incidents:write from its role. The same test as POST /incidents/{id}/assign; custom roles'
 * definitions and endpoint-group scopes are not stored yet (docs/incidents.md).
 */
export async function ineligibility(
  db: Db,
  tenantId: string,
  email: string,
): Promise<{ reason: string; user: null } | { reason: null; user: { id: string; email: string } }> {
  const u = await findUserByEmail(db, tenantId, email);
  if (!u) return { reason: 'no such account', user: null };
  if (u.status !== 'active') return { reason: `account ${u.status}`, user: null };
  const p = resolveRolePermissions(u.role, undefined);
  if (!p.has('incidents:read') || !p.has('incidents:write'))
    return { reason: 'lacks incidents:write', user: null };
  return { reason: null, user: { id: u.id, email: u.email } };
}

function line(r: IncidentsTable, at: string, kind: string, to: string | null, note: string) {
  return {
    id: '',
    tenant_id: r.tenant_id,
    incident_id: r.id,
    at,
    actor_type: 'system',
    actor_id: null,
    actor_email: null,
    kind,
    from_value: null,
    to_value: to,
    disposition: null,
    note,
    request_id: null,
    correlation_id: null,
  };
}

/**
 * The assignment-rule hook of incident creation (docs/incidents.md, Assignment rules), called in
 * the ingest transaction with the incidents it has just created. The first enabled rule by
 * position whose conditions all hold assigns; an ineligible person is passed over with a history
 * line and the next matching rule is tried. An incident already assigned, or a test (synthetic),
 * is left alone.
 */
export async function applyAssignmentRules(
  db: Db,
  tenantId: string,
  created: readonly IncidentsTable[],
  departments: ReadonlyMap<string, string | null> = new Map(),
): Promise<void> {
  const candidates = created.filter((r) => r.assignee_id === null && r.synthetic === 0);
  if (candidates.length === 0) return;
  const rules = await listRules(db, tenantId, true);
  if (rules.length === 0) return;
  for (const r of candidates) {
    const lines: ReturnType<typeof line>[] = [];
    for (const rule of rules) {
      if (!ruleMatches(rule, { ...r, department: departments.get(r.id) ?? null })) continue;
      const at = r.created_at;
      let who = await ineligibility(db, tenantId, rule.assignee_email);
      // Nobody works their own case (document 2, self-action): the rule passes them over.
      if (who.user !== null && isAboutAccount(r, who.user.email))
        who = { reason: 'the incident is about this account', user: null };
      if (who.user === null) {
        lines.push(line(r, at, 'assignment_skipped', null, `rule "${rule.name}" passed over: ${who.reason}`));
        continue;
      }
      if (!(await assignIfUnassigned(db, r.id, who.user))) break;
      r.assignee_id = who.user.id;
      r.assignee_email = who.user.email;
      lines.push(line(r, at, 'assignment', who.user.email, `assignment rule "${rule.name}"`));
      const audit = new AuditWriter(db as Kysely<Database>, { now: () => new Date(at) });
      await audit.write(
        systemContext(tenantId),
        {
          action: 'incident.assigned',
          subject: { type: 'incident', id: r.id },
          metadata: { reference: r.reference, from_user_id: null, to_user_id: who.user.id, rule_id: rule.id },
        },
        db,
      );
      break;
    }
    // One instant: ids drawn together and sorted keep the lines in the order they were decided.
    const ids = lines.map(() => timeOrderedId(new Date(r.created_at))).sort();
    for (const [i, l] of lines.entries()) await insertHistory(db, { ...l, id: ids[i]! });
  }
}
