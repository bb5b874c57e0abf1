import type { ConditionNode } from '@custos/engine';
import type { PolicyCompilePort } from '../../ports/policy-compile-port.js';
import { actorOf, type ServiceContext } from '../../service-context.js';

/**
 * What an inventory change needs besides the service context: the key that seals the bundle
 * signing key and policies' compile port (passed in by the registry).
 */
export interface InventoryParts {
  masterKey: Buffer;
  policies: PolicyCompilePort;
}

function usesInventory(node: ConditionNode): boolean {
  if (node.op === 'removable_device') return node.include_approved_inventory === true;
  if (node.op === 'and' || node.op === 'or' || node.op === 'at_least') return node.nodes.some(usesInventory);
  if (node.op === 'not') return usesInventory(node.node);
  return false;
}

interface Queued {
  bundle: Promise<number>;
  /** Requests sharing this compile (the first included). */
  joined: number;
}

/**
 * One inventory compile per tenant waiting for the compiling lock. A change that finds one
 * waiting joins it instead of queueing its own: the waiting compile has not read the approved
 * serials yet, so it ships this change too. Once it takes the lock it leaves this map, and a later
 * change queues the next compile. Rapid approvals therefore make one bundle per burst, not one per
 * approval (issue 14 item 14).
 */
const waiting = new Map<string, Queued>();

/** Requests sharing the tenant's waiting inventory compile (0 when none waits); for tests and metrics. */
export function waitingInventoryJoiners(tenantId: string): number {
  return waiting.get(tenantId)?.joined ?? 0;
}

/**
 * Recompiles after approved-device changes, only when a published policy's condition sets
 * `include_approved_inventory` (document 1, Conditions rule 8); null when none does. The caller's
 * change is committed before this runs.
 */
export async function recompileForInventory(
  ctx: ServiceContext,
  parts: InventoryParts,
  cause: string,
): Promise<number | null> {
  const tenantId = actorOf(ctx).tenantId;
  const released = await parts.policies.releasedPolicies(ctx.db, tenantId);
  if (!released.some((r) => usesInventory(r.version.condition))) return null;
  const queued = waiting.get(tenantId);
  if (queued) {
    queued.joined += 1;
    return queued.bundle;
  }
  const entry: Queued = { joined: 1, bundle: Promise.resolve(0) };
  entry.bundle = parts.policies
    .compileTenant(ctx, { masterKey: parts.masterKey, canApprove: false }, cause, {
      onStart: () => {
        if (waiting.get(tenantId) === entry) waiting.delete(tenantId);
      },
      // Final once the compile has started: how many requests this one bundle answers.
      metadata: () => ({ requests_coalesced: entry.joined }),
    })
    .then((b) => b.version);
  waiting.set(tenantId, entry);
  // A failed compile is the caller's error; the map never keeps a settled entry.
  entry.bundle.catch(() => {
    if (waiting.get(tenantId) === entry) waiting.delete(tenantId);
  });
  return entry.bundle;
}
