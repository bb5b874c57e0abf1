import { randomUUID } from 'node:crypto';
import { insertEndpoint } from '../helpers/endpoints.js';
import '../../src/modules/incidents/department-tables.js';
import type { TestContext } from '../helpers/test-app.js';

let next = 1;

/** An incident of a person with no department decided yet, written straight into the tables. */
export async function unattributedIncident(
  ctx: TestContext,
  tenantId: string,
  username: string,
  status = 'new',
): Promise<string> {
  const id = randomUUID();
  const device = await insertEndpoint(ctx, tenantId);
  const at = ctx.clock.now().toISOString();
  const n = next++;
  await ctx.db
    .insertInto('incidents')
    .values({
      id,
      tenant_id: tenantId,
      number: n,
      reference: `INC-${n}`,
      title: 'card number copied',
      severity: 'high',
      status,
      row_version: 1,
      correlation_key: null,
      action_kind: 'egress',
      policy_id: null,
      policy_name: null,
      device_id: device,
      group_id: null,
      hostname: 'ws',
      username,
      channel: 'usb',
      content_hash: null,
      file_path: null,
      file_name: null,
      file_size_bytes: null,
      policy_version: null,
      action: 'block',
      requested_action: 'block',
      evaluated_offline: 0,
      superseded_policy_ids: '[]',
      synthetic: 0,
      synthetic_by: null,
      event_count: 1,
      match_count: 1,
      risk_score: 50,
      priority_score: 50,
      assignee_id: null,
      assignee_email: null,
      disposition: null,
      resolution: null,
      response_met: null,
      resolution_met: null,
      first_seen_at: at,
      last_seen_at: at,
      created_at: at,
      updated_at: at,
      closed_at: status === 'closed' ? at : null,
    })
    .execute();
  await ctx.db
    .insertInto('incident_departments')
    .values({
      incident_id: id,
      tenant_id: tenantId,
      department: null,
      source: null,
      reason: 'no_directory_match',
      decided_at: at,
    })
    .execute();
  return id;
}

export async function departmentOf(ctx: TestContext, id: string) {
  return ctx.db
    .selectFrom('incident_departments')
    .select(['department', 'source', 'reason'])
    .where('incident_id', '=', id)
    .executeTakeFirstOrThrow();
}
