import { personTextProblem } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { PolicyPort } from '../../ports/policy-port.js';
import { actorOf, auditContextFor, type ServiceContext } from '../../service-context.js';
import { CapabilitiesSchema, HealthSchema, shownReport } from './report-schemas.js';
import {
  findDevice,
  findGroup,
  findGroupByName,
  insertGroup,
  listDevices,
  moveDevice,
  renameGroup,
  retireGroup,
  revokeDevice,
} from './store.js';
import type { DevicesTable } from './tables.js';

/**
 * Who else may name an endpoint group: the policies module answers through the port; a role
 * scope (document 3: retiring a group named by a live role's scope is 409) through this hook,
 * which the identity module's custom roles fill.
 */
export type GroupScopeUse = (db: Kysely<Database>, tenantId: string, groupId: string) => Promise<string[]>;

/** Endpoint group names: 1-80 characters after trimming, under the person-text rule (issue 14). */
export function checkGroupName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 80) throw fieldError('name', 'must be 1 to 80 printable characters');
  const problem = personTextProblem(trimmed, 'line');
  if (problem) throw fieldError('name', problem);
  return trimmed;
}

export async function createGroup(ctx: ServiceContext, rawName: string) {
  const { tenantId } = actorOf(ctx);
  const name = checkGroupName(rawName);
  if (await findGroupByName(ctx.db, tenantId, name))
    throw new AppError('agent_group.name_taken', 'an endpoint group with that name exists');
  const row = await insertGroup(ctx.db, tenantId, name, ctx.clock.now());
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'agent_group.created',
    subject: { type: 'agent_group', id: row.id },
    metadata: { name },
  });
  return row;
}

export async function renameGroupById(
  ctx: ServiceContext,
  groupId: string,
  rawName: string,
  policies: PolicyPort,
) {
  const { tenantId } = actorOf(ctx);
  const group = await findGroup(ctx.db, tenantId, groupId);
  if (!group) throw notFound('endpoint group');
  if (group.retired_at) throw new AppError('resource.conflict', 'a retired endpoint group cannot be renamed');
  const name = checkGroupName(rawName);
  const other = await findGroupByName(ctx.db, tenantId, name);
  if (other && other.id !== groupId)
    throw new AppError('agent_group.name_taken', 'an endpoint group with that name exists');
  // Policies name groups by name: a rename would silently move them off the group.
  const naming = await policies.policiesNamingAgentGroup(ctx.db, tenantId, group.name);
  if (naming.length > 0 && name.toLowerCase() !== group.name.toLowerCase()) {
    throw new AppError(
      'agent_group.in_use',
      'a live policy names this endpoint group; change the policy first',
      [{ field: 'policy_ids', message: naming.join(', ') }],
    );
  }
  await renameGroup(ctx.db, tenantId, groupId, name);
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'agent_group.renamed',
    subject: { type: 'agent_group', id: groupId },
    metadata: { from: group.name, to: name },
  });
}

export async function retireGroupById(
  ctx: ServiceContext,
  groupId: string,
  policies: PolicyPort,
  roleScopes: GroupScopeUse,
) {
  const { tenantId } = actorOf(ctx);
  const group = await findGroup(ctx.db, tenantId, groupId);
  if (!group) throw notFound('endpoint group');
  if (group.retired_at) return;
  const naming = await policies.policiesNamingAgentGroup(ctx.db, tenantId, group.name, group.id);
  const roles = await roleScopes(ctx.db, tenantId, groupId);
  if (naming.length > 0 || roles.length > 0) {
    const details = [
      ...(naming.length > 0 ? [{ field: 'policy_ids', message: naming.join(', ') }] : []),
      ...(roles.length > 0 ? [{ field: 'role_ids', message: roles.join(', ') }] : []),
    ];
    throw new AppError(
      'agent_group.in_use',
      'a live policy or role scope names this endpoint group',
      details,
    );
  }
  await retireGroup(ctx.db, tenantId, groupId, ctx.clock.now());
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'agent_group.retired',
    subject: { type: 'agent_group', id: groupId },
    metadata: { name: group.name },
  });
}

export interface AgentView {
  id: string;
  hostname: string;
  status: string;
  os: string;
  os_version: string;
  agent_version: string;
  group_id: string | null;
  agent_group: string | null;
  last_seen_at: string | null;
  enrolled_at: string;
  revoked_at: string | null;
  bundle_version: number;
  policy_trust_version: number;
  signature_algorithm: string;
  key_protection: string;
  certificate_expires_at: string;
  capabilities: Record<string, unknown>;
  health: Record<string, unknown>;
}

export function agentView(d: DevicesTable & { group_name: string | null }): AgentView {
  return {
    id: d.id,
    hostname: d.hostname,
    status: d.status,
    os: d.os,
    os_version: d.os_version,
    agent_version: d.agent_version,
    group_id: d.group_id,
    agent_group: d.group_name,
    last_seen_at: d.last_seen_at,
    enrolled_at: d.enrolled_at,
    revoked_at: d.revoked_at,
    bundle_version: d.bundle_version,
    policy_trust_version: d.policy_trust_version,
    signature_algorithm: d.signature_algorithm,
    key_protection: d.key_protection,
    certificate_expires_at: d.certificate_expires_at,
    // The agent's own reports, fitted to the listed fields (report-schemas.ts).
    capabilities: shownReport(CapabilitiesSchema, d.capabilities),
    health: shownReport(HealthSchema, d.health),
  };
}

export async function listAgentViews(ctx: ServiceContext, f: Parameters<typeof listDevices>[2]) {
  const { rows, total } = await listDevices(ctx.db, actorOf(ctx).tenantId, f);
  return { items: rows.map(agentView), total };
}

export async function getAgentView(ctx: ServiceContext, id: string): Promise<AgentView> {
  const d = await findDevice(ctx.db, actorOf(ctx).tenantId, id);
  if (!d) throw notFound('agent');
  return agentView(d);
}

export async function moveAgent(ctx: ServiceContext, id: string, groupId: string | null): Promise<AgentView> {
  const { tenantId } = actorOf(ctx);
  const d = await findDevice(ctx.db, tenantId, id);
  if (!d) throw notFound('agent');
  if (groupId !== null) {
    const g = await findGroup(ctx.db, tenantId, groupId);
    if (!g || g.retired_at) throw fieldError('group_id', 'no live endpoint group with that id');
  }
  if (d.group_id !== groupId) {
    await moveDevice(ctx.db, tenantId, id, groupId);
    await ctx.audit.write(auditContextFor(ctx), {
      action: 'agent.group_changed',
      subject: { type: 'agent', id },
      metadata: { from_group_id: d.group_id, to_group_id: groupId },
    });
  }
  return getAgentView(ctx, id);
}

/** Revoking is final: the next check-in answers `revoked: true`, every other route 401. */
export async function revokeAgent(ctx: ServiceContext, id: string, reason: string): Promise<AgentView> {
  const { tenantId } = actorOf(ctx);
  if (reason.trim().length < 5) throw fieldError('reason', 'must be at least 5 characters');
  const d = await findDevice(ctx.db, tenantId, id);
  if (!d) throw notFound('agent');
  if (d.status !== 'revoked') {
    await revokeDevice(ctx.db, tenantId, id, ctx.clock.now());
    await ctx.audit.write(auditContextFor(ctx), {
      action: 'agent.revoked',
      subject: { type: 'agent', id },
      metadata: { reason, hostname: d.hostname },
    });
  }
  return getAgentView(ctx, id);
}
