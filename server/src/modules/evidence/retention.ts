import fs from 'node:fs/promises';
import { auditContextFor, type SweepParts, systemServiceContext } from '../../service-context.js';
import { evidencePath } from './service.js';
import { dueCopies, markCopy } from './store.js';

/** How often the server looks for copies whose retention has ended (docs/evidence.md). */
export const RETENTION_SWEEP_MS = 5 * 60_000;
const BATCH = 500;

/**
 * The retention job: every stored copy whose `expires_at` has come is removed from the data
 * directory and marked `deleted` (audited `evidence.file_deleted`, actor the system). A removal
 * that fails leaves the copy `delete_failed`, retried at the next sweep. Returns how many went.
 */
export async function deleteExpiredCopies(s: SweepParts, dataDir: string, now: Date): Promise<number> {
  let deleted = 0;
  for (const copy of await dueCopies(s.db, now.toISOString(), BATCH)) {
    try {
      await fs.rm(evidencePath(dataDir, copy.tenant_id, copy.id), { force: true });
    } catch {
      if (copy.state !== 'delete_failed') await markCopy(s.db, copy.id, 'delete_failed', null);
      continue;
    }
    await s.db.transaction().execute(async (trx) => {
      await markCopy(trx, copy.id, 'deleted', now.toISOString());
      // A sweep over every tenant: the server acts in each copy's tenant.
      const ctx = systemServiceContext(s, copy.tenant_id);
      await ctx.audit.write(
        auditContextFor(ctx),
        {
          action: 'evidence.file_deleted',
          subject: { type: 'evidence_file', id: copy.id },
          metadata: { incident_id: copy.incident_id, event_id: copy.event_id, expires_at: copy.expires_at },
        },
        trx,
      );
    });
    deleted += 1;
  }
  return deleted;
}
