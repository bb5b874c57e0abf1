import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import {
  type AgentSummary,
  findAgentSummary,
  findGroup,
  findGroupByName,
  findGroups,
  type GroupRow,
  listActive,
} from './store.js';

export { deviceOf } from './agent-device.js';
export {
  activeDevicesBelowTrust,
  addStoredEvents,
  type CheckinReport,
  claimQuotaEpisode,
  collectCommands,
  deviceIdsInGroups,
  deviceStatus,
  endQuotaEpisode,
  findDeviceForRequest,
  hasQueuedCommands,
  insertDevice,
  markDeviceUninstalled,
  queueCommand,
  recordCheckin,
  setDeviceCertificate,
} from './device-store.js';
export { correctStoredEvents, storedEventFootprints } from './footprint-store.js';
export type { DevicesTable } from './tables.js';
/**
 * What other modules may read about endpoint groups and agents (docs: server-modules contract).
 * Consumers import only from this file.
 */
export type { AgentSummary, GroupRow };

export function findAgentGroup(
  db: Kysely<Database>,
  tenantId: string,
  groupId: string,
): Promise<GroupRow | undefined> {
  return findGroup(db, tenantId, groupId);
}

/** The groups of those ids, by id (another tenant's group or a missing one is absent). */
export function findAgentGroups(
  db: Kysely<Database>,
  tenantId: string,
  groupIds: readonly string[],
): Promise<Map<string, GroupRow>> {
  return findGroups(db, tenantId, groupIds);
}

/** Case-insensitive: a name identifies one group in a tenant whatever its spelling. */
export function findAgentGroupByName(
  db: Kysely<Database>,
  tenantId: string,
  name: string,
): Promise<GroupRow | undefined> {
  return findGroupByName(db, tenantId, name);
}

export function findAgent(
  db: Kysely<Database>,
  tenantId: string,
  agentId: string,
): Promise<AgentSummary | undefined> {
  return findAgentSummary(db, tenantId, agentId);
}

/** Active (not revoked) agents that checked in or posted since `since`. */
export function listActiveAgents(
  db: Kysely<Database>,
  tenantId: string,
  options: { since: Date },
): Promise<AgentSummary[]> {
  return listActive(db, tenantId, options.since);
}
// GET /overview's coverage (docs/overview.md).
export { type CoverageCounts, coverageCounts } from './overview-store.js';
// GET /search's endpoint kind (docs/search.md).
export { endpointSearchHits } from './search-store.js';
