import { randomUUID } from 'node:crypto';
import type { TestContext } from './test-app.js';

/**
 * An enrolled, active endpoint written straight into the devices table, as if it had enrolled
 * and checked in: for tests of what the console computes over the fleet. Hostname `host-…`.
 */
export async function insertEndpoint(
  ctx: TestContext,
  tenantId: string,
  options: {
    os?: string;
    osVersion?: string;
    groupId?: string | null;
    lastSeen?: Date;
    /** What the endpoint reported; stored as JSON. */
    capabilities?: unknown;
  } = {},
): Promise<string> {
  const id = randomUUID();
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('devices')
    .values({
      id,
      tenant_id: tenantId,
      group_id: options.groupId ?? null,
      hostname: `host-${id.slice(0, 6)}`,
      os: options.os ?? 'linux',
      os_version: options.osVersion ?? '1',
      agent_version: '1.0.0',
      hardware_id: id,
      public_key_b64: Buffer.alloc(32).toString('base64'),
      signature_algorithm: 'ed25519',
      key_protection: 'software',
      status: 'active',
      revoked_at: null,
      enrolled_at: now,
      last_seen_at: (options.lastSeen ?? ctx.clock.now()).toISOString(),
      capabilities: JSON.stringify(options.capabilities ?? {}),
      health: '{}',
      bundle_version: 0,
      policy_trust_version: 0,
      certificate_serial: id,
      certificate_expires_at: now,
      stored_events: 0,
      quota_episode: null,
    })
    .execute();
  return id;
}
