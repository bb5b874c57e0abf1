/**
 * The stored agent events (table `agent_events`, docs/architecture.md "Table owners"): ingest
 * writes them through these functions; incidents and evidence read them.
 */

export { type EvidenceEvent, findDeviceEvent } from './event-lookup-store.js';
export {
  incidentPreviewRows,
  insertEventExtras,
  type JustificationGroupRow,
  justificationGroups,
} from './extras-store.js';
export {
  EVENT_COLUMNS,
  type EventRowContext,
  eventValues,
  insertEvents,
  storedEventIds,
} from './store.js';
export type { AgentEventsTable } from './tables.js';
