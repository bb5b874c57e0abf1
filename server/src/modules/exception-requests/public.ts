import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { approvalInForce, approvalsOfContents } from './store.js';

/**
 * What other modules may use of exception requests (docs/architecture.md, "Module seams"): the
 * signed agent routes for the agent interface, and rule 10's held approval for risk scoring.
 */
export { exceptionAgentModule, registerExceptionAgentRoutes } from './agent-routes.js';
export { lapseRequests, startLapseJob } from './lapse.js';
export { exceptionRequestsModule } from './routes.js';

/**
 * Document 1 rule 10: whether the server holds an approval of this device and file content as
 * approved and in force at `at`. Risk scoring passes the answer as `approved_exception`.
 */
export async function approvedExceptionInForce(
  db: Kysely<Database>,
  tenantId: string,
  deviceId: string,
  fileHash: string,
  at: Date,
): Promise<boolean> {
  return (await approvalInForce(db, tenantId, deviceId, fileHash, at.toISOString())) !== undefined;
}
/**
 * approvedExceptionInForce for many incidents of one device (ingest's batch scoring): of these
 * `{hash, at}` pairs, the indexes whose content has an approval in force at `at`. One read.
 */
export async function approvedExceptionsInForce(
  db: Kysely<Database>,
  tenantId: string,
  deviceId: string,
  asked: readonly { fileHash: string; at: Date }[],
): Promise<Set<number>> {
  const out = new Set<number>();
  if (asked.length === 0) return out;
  const held = await approvalsOfContents(db, tenantId, deviceId, [
    ...new Set(asked.map((a) => a.fileHash.toLowerCase())),
  ]);
  if (held.length === 0) return out;
  asked.forEach((a, i) => {
    const hash = a.fileHash.toLowerCase();
    const at = a.at.toISOString();
    // The same comparisons as approvalInForce makes in SQL (ISO-8601 text in both databases).
    if (
      held.some(
        (h) =>
          h.file_hash === hash &&
          h.decided_at !== null &&
          h.decided_at <= at &&
          h.approved_until !== null &&
          h.approved_until > at,
      )
    )
      out.add(i);
  });
  return out;
}
// GET /overview's exceptions_waiting (docs/overview.md).
export { exceptionsWaiting } from './overview-store.js';
// GET /search's exception_request kind (docs/search.md).
export { exceptionSearchHits } from './search-store.js';
