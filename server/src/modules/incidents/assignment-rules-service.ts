import { randomUUID } from 'node:crypto';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { ineligibility } from './assignment-rules-apply.js';
import {
  deleteRule,
  findRule,
  insertRule,
  listRules,
  renumber,
  updateRule,
} from './assignment-rules-store.js';
import type { IncidentAssignmentRulesTable } from './assignment-rules-tables.js';

/** Decision (docs/incidents.md, Assignment rules): at most 100 rules per tenant. */
export const RULE_LIMIT = 100;

export interface RuleFields {
  name?: string | undefined;
  policy_id?: string | null | undefined;
  channel?: string | null | undefined;
  min_severity?: string | null | undefined;
  department?: string | null | undefined;
  assignee_email?: string | undefined;
  enabled?: boolean | undefined;
  position?: number | undefined;
}

export function ruleView(r: IncidentAssignmentRulesTable) {
  return {
    id: r.id,
    name: r.name,
    policy_id: r.policy_id,
    channel: r.channel,
    min_severity: r.min_severity,
    department: r.department,
    assignee_email: r.assignee_email,
    enabled: r.enabled === 1,
    position: r.position,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const trimmed = (field: string, v: string) => {
  const t = v.trim();
  if (t === '') throw fieldError(field, 'must not be blank');
  return t;
};

/** The stored form of the sent fields (422 naming the field); the assignee must be eligible now. */
async function normalise(ctx: ServiceContext, tenantId: string, b: RuleFields) {
  const out: Partial<IncidentAssignmentRulesTable> = {};
  if (b.name !== undefined) out.name = trimmed('name', b.name);
  if (b.policy_id !== undefined) out.policy_id = b.policy_id?.toLowerCase() ?? null;
  if (b.channel !== undefined) out.channel = b.channel;
  if (b.min_severity !== undefined) out.min_severity = b.min_severity;
  if (b.department !== undefined)
    out.department = b.department === null ? null : trimmed('department', b.department);
  if (b.enabled !== undefined) out.enabled = b.enabled ? 1 : 0;
  if (b.assignee_email !== undefined) {
    const who = await ineligibility(ctx.db, tenantId, b.assignee_email.trim());
    if (who.user === null)
      throw fieldError('assignee_email', 'must be an active account that holds incidents:write');
    out.assignee_email = who.user.email;
  }
  return out;
}

/** Places `id` at `position` (1-based; past the end = last) among the tenant's rules. */
function order(ids: string[], id: string, position: number | undefined): string[] {
  const rest = ids.filter((x) => x !== id);
  const at = position === undefined ? rest.length : Math.min(position - 1, rest.length);
  rest.splice(at, 0, id);
  return rest;
}

export async function listAssignmentRules(ctx: ServiceContext, p: Principal) {
  return { items: (await listRules(ctx.db, p.tenantId)).map(ruleView) };
}

export async function createAssignmentRule(
  ctx: ServiceContext,
  p: Principal,
  b: RuleFields & { name: string; assignee_email: string },
) {
  const fields = await normalise(ctx, p.tenantId, b);
  const now = ctx.clock.now().toISOString();
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await listRules(trx, p.tenantId);
    if (existing.length >= RULE_LIMIT)
      throw new AppError('incident.assignment_rule_limit', `a tenant holds at most ${RULE_LIMIT} rules`);
    await insertRule(trx, {
      id,
      tenant_id: p.tenantId,
      name: fields.name ?? '',
      policy_id: fields.policy_id ?? null,
      channel: fields.channel ?? null,
      min_severity: fields.min_severity ?? null,
      department: fields.department ?? null,
      assignee_email: fields.assignee_email ?? '',
      enabled: fields.enabled ?? 1,
      position: existing.length + 1,
      created_by: p.userId,
      created_at: now,
      updated_at: now,
    });
    const ids = order([...existing.map((r) => r.id), id], id, b.position);
    await renumber(trx, p.tenantId, ids);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'incident.assignment_rule_created',
        subject: { type: 'incident_assignment_rule', id },
        metadata: {
          rule_id: id,
          name: fields.name,
          position: ids.indexOf(id) + 1,
          enabled: b.enabled ?? true,
        },
      },
      trx,
    );
  });
  const row = await findRule(ctx.db, p.tenantId, id);
  if (!row) throw notFound('assignment rule');
  return ruleView(row);
}

export async function updateAssignmentRule(ctx: ServiceContext, p: Principal, id: string, b: RuleFields) {
  const before = await findRule(ctx.db, p.tenantId, id);
  if (!before) throw notFound('assignment rule');
  const fields = await normalise(ctx, p.tenantId, b);
  const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => fields[k] !== before[k]);
  const moves = b.position !== undefined && b.position !== before.position;
  if (changed.length === 0 && !moves) return ruleView(before);
  await ctx.db.transaction().execute(async (trx) => {
    await updateRule(trx, p.tenantId, id, { ...fields, updated_at: ctx.clock.now().toISOString() });
    if (moves) {
      const ids = (await listRules(trx, p.tenantId)).map((r) => r.id);
      await renumber(trx, p.tenantId, order(ids, id, b.position));
    }
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'incident.assignment_rule_updated',
        subject: { type: 'incident_assignment_rule', id },
        metadata: {
          rule_id: id,
          name: fields.name ?? before.name,
          changed_fields: moves ? [...changed, 'position'] : changed,
        },
      },
      trx,
    );
  });
  const row = await findRule(ctx.db, p.tenantId, id);
  if (!row) throw notFound('assignment rule');
  return ruleView(row);
}

export async function deleteAssignmentRule(ctx: ServiceContext, p: Principal, id: string) {
  const before = await findRule(ctx.db, p.tenantId, id);
  if (!before) throw notFound('assignment rule');
  await ctx.db.transaction().execute(async (trx) => {
    await deleteRule(trx, p.tenantId, id);
    await renumber(
      trx,
      p.tenantId,
      (await listRules(trx, p.tenantId)).map((r) => r.id),
    );
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'incident.assignment_rule_deleted',
        subject: { type: 'incident_assignment_rule', id },
        metadata: { rule_id: id, name: before.name, position: before.position },
      },
      trx,
    );
  });
}
