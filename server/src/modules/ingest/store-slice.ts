import type { ServiceContext } from '../../service-context.js';
import {
  addEventHours,
  type EventRowContext,
  eventValues,
  insertEventExtras,
  insertEvents,
} from '../agent-events/public.js';
import { addStoredEvents, type DevicesTable } from '../agents/public.js';
import { approvedExceptionsInForce } from '../exception-requests/public.js';
import { correlateEvents, type PolicyInfo } from '../incidents/public.js';
import { auditBypassAttempts } from './bypass-audit.js';
import type { NormalisedEvent } from './normalise-event.js';
import { insertBatch } from './store.js';

/**
 * The batch's new events in occurrence order, cut into slices that each touch at most `limit`
 * incidents (counted by `keyOf`, the incident an event may fold into): DLP_INGEST_SLICE_INCIDENTS,
 * docs/agent-interface.md, Throughput. A batch folding into a few dozen incidents is never cut
 * (cutting it would write each of its incidents, their scores, locations and policy counts once
 * per slice).
 */
export function slicesOf<T>(ordered: readonly T[], keyOf: (e: T) => string, limit: number): T[][] {
  const slices: T[][] = [];
  let current: T[] = [];
  let keys = new Set<string>();
  for (const e of ordered) {
    const key = keyOf(e);
    if (!keys.has(key) && keys.size >= limit) {
      slices.push(current);
      current = [];
      keys = new Set();
    }
    keys.add(key);
    current.push(e);
  }
  slices.push(current);
  return slices;
}

export interface Slice {
  batchId: string;
  /** In occurrence order, after every earlier slice of the batch. */
  events: NormalisedEvent[];
  policyInfo: PolicyInfo;
  now: Date;
  /** The batch's idempotency record (its acks), written with its last slice only. */
  record: string | null;
}

/**
 * One transaction of a batch: its events correlated (and the incidents they touch scored),
 * stored with their extras and hourly roll-up, the device's stored-event count, and on the last
 * slice the batch's record. Events arrive in occurrence order across slices, so a batch folds as
 * if its events had arrived one by one, whether or not it was sliced.
 */
export function storeSlice(ctx: ServiceContext, device: DevicesTable, slice: Slice): Promise<void> {
  const { batchId, events, policyInfo, now, record } = slice;
  return ctx.db.transaction().execute(async (trx) => {
    // Correlation scores the incidents it writes (docs/incidents.md, Priority and risk).
    const { incidentOf } = await correlateEvents(
      trx,
      policyInfo,
      device,
      events,
      now,
      approvedExceptionsInForce,
    );
    // The arrival time printed once per slice, not once per event and use.
    const receivedAt = now.toISOString();
    const rowOf = (e: NormalisedEvent): EventRowContext => ({
      tenantId: device.tenant_id,
      deviceId: device.id,
      batchId,
      receivedAt,
      incidentId: incidentOf.get(e.id) ?? null,
    });
    await insertEvents(
      trx,
      events.map((e) => eventValues(e, rowOf(e))),
    );
    // The Activity Explorer's hourly roll-up, in the same transaction (docs/activity-explorer.md).
    await addEventHours(trx, device.tenant_id, events);
    // The person's answers and masked previews (docs/incidents.md, Justifications, Previews).
    await insertEventExtras(trx, events, rowOf);
    // Document 2: `agent.bypass_attempted` for each answer with a bypass code.
    await auditBypassAttempts(ctx, trx, device.id, events, (e) => incidentOf.get(e.id) ?? null);
    await addStoredEvents(trx, device.id, events.length, now.toISOString());
    if (record !== null)
      await insertBatch(trx, {
        device_id: device.id,
        batch_id: batchId,
        tenant_id: device.tenant_id,
        response: record,
        created_at: now.toISOString(),
      });
  });
}
