/**
 * What other modules may use of incidents (docs/architecture.md, "Module seams"): correlation
 * for ingest, the agent's answer route for the agent interface, a policy's incident record for
 * policies, and a person's open assignments for users.
 */
export { registerIncidentAnswerRoute } from './answer-route.js';
export { countAssignedIncidents } from './assignment-count-store.js';
export type { ApprovalsCheck } from './batch-scoring.js';
export {
  byOccurrence,
  type Correlated,
  type CorrelationDevice,
  correlateEvents,
  foldKeyOf,
  loadPolicyInfo,
  type PolicyInfo,
} from './correlate.js';
// The reports module's view of incidents (ports/report-incidents-port.ts) and the CSV writer.
export { csvLine } from './csv.js';
export { fillIncidentDepartment, incidentsAwaitingDepartment } from './directory-department.js';
export { nameSettings } from './names-store.js';
// GET /overview's incident figures (docs/overview.md).
export {
  createdSinceBy,
  type IncidentScope,
  incidentIdsIn,
  openBySeverity,
  topEndpoints,
  topPeople,
} from './overview-store.js';
export { closedIncidentRecord } from './policy-record-store.js';
export { reportIncidents } from './report-source.js';
// GET /search's incident kind (docs/search.md).
export { incidentSearchHits } from './search-hits.js';
