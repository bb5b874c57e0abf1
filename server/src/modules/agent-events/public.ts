/**
 * The stored agent events (table `agent_events`, docs/architecture.md "Table owners"): ingest
 * writes them through these functions; incidents, evidence, policies (enforcement figures) and
 * approved devices (devices seen) read them.
 */

export {
  type ActivityFilter,
  type ActivityRow,
  activityCounts,
  activityEventFile,
  activityRows,
  discoveryEvents,
} from './activity-store.js';
export {
  type Enforcement,
  enforcementSince,
  type SeenDevice,
  seenRemovableDevices,
  strength,
} from './event-figures-store.js';
export { type EvidenceEvent, findDeviceEvent } from './event-lookup-store.js';
export {
  BYPASS_RESULTS,
  bypassRecords,
  bypassRecordsOfPeople,
  incidentPreviewRows,
  incidentSearchTerms,
  insertEventExtras,
  type JustificationGroupRow,
  justificationGroups,
  noticeReferenceIncidentIds,
} from './extras-store.js';
// The Activity Explorer's hourly roll-up (docs/activity-explorer.md, Hourly roll-up).
export {
  addEventHours,
  eventHourTenants,
  hourCounts,
  hoursAnswer,
  recountEventHours,
} from './hours-store.js';
export {
  type EventMatch,
  eventPairsOfIncidents,
  eventPayloadAt,
  incidentEvents,
  incidentHasEvent,
  newestPayloads,
} from './incident-events-store.js';
// GET /overview's destinations (docs/overview.md).
export { destinationCounts } from './overview-store.js';
export { type RetentionPass, runEventRetention } from './retention.js';
export { eventRetentionModule } from './retention-routes.js';
export {
  EVENT_COLUMNS,
  type EventRowContext,
  eventValues,
  insertEvents,
  storedEventIds,
} from './store.js';
export type { AgentEventsTable } from './tables.js';
