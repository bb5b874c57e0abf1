/** What other modules may use of ingest (docs/architecture.md, Module seams). */
export { type EvidenceEvent, findDeviceEvent } from './event-lookup-store.js';
