import { auditContextFor, type ServiceContext, systemServiceContext } from '../../service-context.js';
import { updateSource, updateSourceIfFailed } from './store.js';
import type { DirectorySourcesTable } from './tables.js';

/**
 * The outcome of every live call (lookup, unmanaged count, department resolver) on the source's
 * row: `verified` with the time, or `failed` with the one-word reason. A change of health — to
 * failed from anything else, or from failed back to verified — is audited
 * `directory.source_health_changed` by the system, in the transaction that records it, whichever
 * caller saw it. A first success after creation or a switch (`unknown` → `verified`) is no change
 * of health; the switch itself is audited.
 */
export async function recordHealth(
  ctx: ServiceContext,
  source: DirectorySourcesTable,
  failure: string | null,
): Promise<void> {
  const failed = failure !== null;
  const patch = failed
    ? { verification: 'failed' as const, last_failure: failure }
    : {
        verification: 'verified' as const,
        last_verified_at: ctx.clock.now().toISOString(),
        last_failure: null,
      };
  const system = systemServiceContext(ctx, source.tenant_id, ctx.requestId);
  await ctx.db.transaction().execute(async (trx) => {
    // Verified after failed, or failed after anything else: a change of health.
    const changed = await updateSourceIfFailed(trx, source.tenant_id, source.id, !failed, patch);
    if (!changed) {
      await updateSource(trx, source.tenant_id, source.id, patch);
      return;
    }
    await ctx.audit.write(
      auditContextFor(system),
      {
        action: 'directory.source_health_changed',
        subject: { type: 'directory_source', id: source.id },
        metadata: { name: source.name, state: patch.verification, failure },
      },
      trx,
    );
  });
}
