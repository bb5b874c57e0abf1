import { auditContextFor, type SweepParts, systemServiceContext } from '../../service-context.js';
import { LAPSE_EVERY_MS, LAPSE_FIRST_MS } from './rules.js';
import { duePending, updateFrom } from './store.js';

/**
 * The lapse pass (document 2): a request pending 48 hours expires. Nothing is signed: an expired
 * request released nothing and the agent reads its state at its next poll. Returns how many lapsed.
 */
export async function lapseRequests(parts: SweepParts, now: Date): Promise<number> {
  let lapsed = 0;
  for (;;) {
    const due = await duePending(parts.db, now.toISOString(), 500);
    for (const r of due) {
      const ctx = systemServiceContext(parts, r.tenant_id);
      const moved = await ctx.db.transaction().execute(async (trx) => {
        if (!(await updateFrom(trx, r.id, 'pending', { state: 'expired', closed_at: now.toISOString() })))
          return false;
        await ctx.audit.write(
          auditContextFor(ctx),
          {
            action: 'exception.expired',
            subject: { type: 'exception_request', id: r.id },
            metadata: { reference: r.reference },
          },
          trx,
        );
        return true;
      });
      if (moved) lapsed += 1;
    }
    if (due.length < 500) return lapsed;
  }
}

/**
 * Runs `pass` 30 seconds after the call, then every five minutes; the returned function stops it.
 * The timers do not keep the process alive; each pass reads the injected clock itself.
 */
export function startLapseJob(pass: () => void): () => void {
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    pass();
    every = setInterval(pass, LAPSE_EVERY_MS);
    every.unref();
  }, LAPSE_FIRST_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
