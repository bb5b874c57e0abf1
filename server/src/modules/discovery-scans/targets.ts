import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { type FieldError, fieldError } from '../../http/errors.js';
import { deviceIdsInGroups, findAgent, findAgentGroups } from '../agents/public.js';

/** Endpoints one scan may name at most (a larger estate runs one scan per group). */
export const MAX_SCAN_ENDPOINTS = 5_000;

/**
 * The endpoints a scan runs on: the named agents (each an active endpoint of the tenant) and the
 * active endpoints of the named groups, at the time the scan (or its re-run) is created.
 * Another tenant's agent or group is refused like a missing one, by field, never by value.
 */
export async function resolveTargets(
  db: Kysely<Database>,
  tenantId: string,
  agentIds: readonly string[],
  groupIds: readonly string[],
): Promise<string[]> {
  if (agentIds.length === 0 && groupIds.length === 0)
    throw fieldError('agent_ids', 'name at least one endpoint or endpoint group');
  const errors: FieldError[] = [];
  const chosen = new Set<string>();
  for (const [i, id] of agentIds.entries()) {
    const agent = await findAgent(db, tenantId, id);
    if (!agent) errors.push({ field: `agent_ids[${i}]`, message: 'is not an endpoint of this tenant' });
    else if (agent.status !== 'active') errors.push({ field: `agent_ids[${i}]`, message: 'is not active' });
    else chosen.add(agent.id);
  }
  const groups = await findAgentGroups(db, tenantId, groupIds);
  for (const [i, id] of groupIds.entries()) {
    const g = groups.get(id);
    if (!g || g.retired_at !== null)
      errors.push({ field: `group_ids[${i}]`, message: 'is not an endpoint group of this tenant' });
  }
  if (errors.length > 0) {
    const [first, ...more] = errors;
    throw fieldError(first!.field, first!.message, more);
  }
  if (groupIds.length > 0) {
    const inGroups = await deviceIdsInGroups(db, tenantId, groupIds).execute();
    for (const { id } of inGroups) {
      const agent = await findAgent(db, tenantId, id);
      if (agent?.status === 'active') chosen.add(id);
    }
  }
  if (chosen.size === 0) throw fieldError('group_ids', 'the named groups have no active endpoint');
  if (chosen.size > MAX_SCAN_ENDPOINTS)
    throw fieldError('group_ids', `a scan runs on at most ${MAX_SCAN_ENDPOINTS} endpoints`);
  return [...chosen].sort();
}

/** An absolute path on Linux (`/…`) or Windows (`C:\…`, `\\server\share\…`). */
const ABSOLUTE = /^(\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\)/;

/** Requested paths: absolute, no parent steps, no repeats (compared as written). */
export function checkPaths(paths: readonly string[]): string[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const [i, p] of paths.entries()) {
    if (!ABSOLUTE.test(p)) errors.push({ field: `paths[${i}]`, message: 'must be an absolute path' });
    else if (/(^|[\\/])\.\.([\\/]|$)/.test(p))
      errors.push({ field: `paths[${i}]`, message: 'must not contain a parent step (..)' });
    else if (seen.has(p)) errors.push({ field: `paths[${i}]`, message: 'is named twice' });
    seen.add(p);
  }
  if (errors.length > 0) {
    const [first, ...more] = errors;
    throw fieldError(first!.field, first!.message, more);
  }
  return [...paths];
}
