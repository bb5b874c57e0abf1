import type { AppServices } from '../../deps.js';
import { systemContext } from '../../http/audit.js';
import { duePending, updateFrom } from './store.js';

/**
 * The lapse pass (document 2): a request pending 48 hours expires. Nothing is signed: an expired
 * request released nothing and the agent reads its state at its next poll. Returns how many lapsed.
 */
export async function lapseRequests(s: AppServices, now: Date): Promise<number> {
  let lapsed = 0;
  for (;;) {
    const due = await duePending(s.db, now.toISOString(), 500);
    for (const r of due) {
      if (!(await updateFrom(s.db, r.id, 'pending', { state: 'expired', closed_at: now.toISOString() })))
        continue;
      lapsed += 1;
      await s.audit.write(systemContext(r.tenant_id), {
        action: 'exception.expired',
        subject: { type: 'exception_request', id: r.id },
        metadata: { reference: r.reference },
      });
    }
    if (due.length < 500) return lapsed;
  }
}
