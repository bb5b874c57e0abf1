import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { approvalInForce } from './store.js';

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
// GET /overview's exceptions_waiting (docs/overview.md).
export { exceptionsWaiting } from './overview-store.js';
// GET /search's exception_request kind (docs/search.md).
export { exceptionSearchHits } from './search-store.js';
