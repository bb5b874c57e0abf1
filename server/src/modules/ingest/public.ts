/**
 * What other modules may use of ingest (docs/architecture.md, "Module seams"): the batch intake
 * for the agent interface and its per-device quota.
 */
export { HourlyQuota } from './quotas.js';
export { ingestBatch, SerialQueue, wireOf } from './service.js';
export { ingestHoldTimes } from './writer-queue.js';
