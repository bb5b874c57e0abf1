import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { SharedBuckets } from '../../http/shared-buckets.js';
import type { PolicyPort } from '../../ports/policy-port.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { storedEventIds } from '../agent-events/public.js';
import { claimQuotaEpisode, type DevicesTable, endQuotaEpisode } from '../agents/public.js';
import { byOccurrence, foldKeyOf, loadPolicyInfo } from '../incidents/public.js';
import { type NormalisedEvent, normaliseEvent } from './normalise-event.js';
import { jsonMayHoldNul, withoutNul } from './nul-text.js';
import type { HourlyQuota } from './quotas.js';
import { findBatch } from './store.js';
import { slicesOf, storeSlice } from './store-slice.js';
import type { SerialQueue } from './writer-queue.js';

export { SerialQueue } from './writer-queue.js';

export type AckStatus = 'Accepted' | 'Duplicate' | 'Rejected' | 'Retry';
export interface Ack {
  event_id: string;
  status: AckStatus;
  reason: string | null;
}
export interface BatchAnswer {
  batch_id: string;
  acks: Ack[];
  throttle_ms: number | null;
  /** Set when nothing could be stored; the route logs it, the agent sees Retry acks. */
  storeError?: unknown;
}

export interface IngestState {
  requests: SharedBuckets;
  events: HourlyQuota;
  bytes: HourlyQuota;
  /** Ingest transactions of this process, one at a time (see SerialQueue). */
  writer: SerialQueue;
}

/**
 * What ingest needs besides the service context (docs/architecture.md, "Service context"): the
 * policy port, this process's quotas and writer queue, and the batch and quota limits.
 */
export interface IngestParts {
  policies: PolicyPort;
  state: IngestState;
  config: Pick<Config, 'agent' | 'quota'>;
}

/**
 * The idempotency record keeps the acks compactly: Accepted ones as a bare event id, the others
 * as `[id, status, reason]`. A 500-event batch's record is then a few kilobytes, not tens.
 */
export function storedAcks(acks: readonly Ack[]): string {
  return JSON.stringify(
    acks.map((a) => (a.status === 'Accepted' ? a.event_id : [a.event_id, a.status, a.reason])),
  );
}

export function readAcks(stored: string): Ack[] {
  return (JSON.parse(stored) as (string | [string, AckStatus, string | null])[]).map((x) =>
    typeof x === 'string'
      ? { event_id: x, status: 'Accepted', reason: null }
      : { event_id: x[0], status: x[1], reason: x[2] },
  );
}

type QuotaReason = 'event_volume' | 'byte_volume' | 'storage_footprint';

async function quotaRefusal(
  ctx: ServiceContext,
  device: DevicesTable,
  reason: QuotaReason,
  retryAfter: number,
): Promise<AppError> {
  // Document 2: agent.quota_exceeded once per episode per device; the episode ends when a
  // batch passes the quotas again.
  if (device.quota_episode === null) {
    if (await claimQuotaEpisode(ctx.db, device.id, reason)) {
      await ctx.audit.write(auditContextFor(ctx), {
        action: 'agent.quota_exceeded',
        subject: { type: 'agent', id: device.id },
        metadata: { reason },
      });
    }
  }
  return new AppError(
    'agent.quota_exceeded',
    'a device quota is used up; retry later',
    [{ field: 'reason', message: reason }],
    {
      'retry-after': String(Math.max(1, retryAfter)),
    },
  );
}

/**
 * Soft back-pressure (document 2): once the request bucket is below a quarter of its burst, a
 * successful answer says how long to pause so it climbs back to that quarter.
 */
export function throttleMs(left: number | null, ratePerMinute: number, burst: number): number | null {
  if (left === null || left >= burst / 4) return null;
  return Math.max(1, Math.ceil(((burst / 4 - left) * 60_000) / ratePerMinute));
}

/** The batch's body as it came: its size (the byte quota) and whether it may hold U+0000. */
export interface Wire {
  bytes: number;
  /** False when the body cannot parse to a NUL (jsonMayHoldNul): its events are not walked. */
  mayHoldNul: boolean;
}

export function wireOf(body: Buffer | null): Wire {
  return { bytes: body?.length ?? 0, mayHoldNul: body !== null && jsonMayHoldNul(body) };
}

/**
 * POST /agent/events: batch size (400, before quotas) → idempotency record → quotas (429) →
 * per-event acks. One bad event is Rejected with its reason; a store failure answers Retry.
 */
export async function ingestBatch(
  ctx: ServiceContext,
  parts: IngestParts,
  device: DevicesTable,
  input: { batch_id: string; events: unknown[] },
  wire: Wire,
  bucketLeft: number | null,
): Promise<BatchAnswer> {
  const { policies, state, config } = parts;
  const { maxBatchEvents, ratePerMinute, rateBurst } = config.agent;
  if (input.events.length > maxBatchEvents) {
    throw new AppError('agent.batch_too_large', `a batch holds at most ${maxBatchEvents} events`, [
      { field: 'events', message: `must have at most ${maxBatchEvents} items` },
    ]);
  }
  const throttle = throttleMs(bucketLeft, ratePerMinute, rateBurst);
  const stored = await findBatch(ctx.db, device.id, input.batch_id);
  if (stored !== undefined)
    return { batch_id: input.batch_id, acks: readAcks(stored), throttle_ms: throttle };

  const n = input.events.length;
  const q = config.quota;
  if (device.stored_events + n > q.storedEvents)
    throw await quotaRefusal(ctx, device, 'storage_footprint', 3_600);
  const waitEvents = await state.events.tryTake(device.id, n);
  if (waitEvents > 0) throw await quotaRefusal(ctx, device, 'event_volume', waitEvents);
  const waitBytes = await state.bytes.tryTake(device.id, wire.bytes);
  if (waitBytes > 0) {
    // A refused batch uses no quota (a refused request changes nothing).
    await state.events.giveBack(device.id, n);
    throw await quotaRefusal(ctx, device, 'byte_volume', waitBytes);
  }
  if (device.quota_episode !== null) {
    await endQuotaEpisode(ctx.db, device.id);
  }

  const now = ctx.clock.now();
  const acks: Ack[] = [];
  const accepted: NormalisedEvent[] = [];
  const seen = new Set<string>();
  for (const raw of input.events) {
    // U+0000 becomes U+FFFD in every text of the event, on both databases (nul-text.ts).
    const r = normaliseEvent(wire.mayHoldNul ? withoutNul(raw) : raw, now);
    if (!r.ok) {
      acks.push({ event_id: r.event_id, status: 'Rejected', reason: r.reason });
      continue;
    }
    if (seen.has(r.event.id)) {
      acks.push({ event_id: r.event.id, status: 'Duplicate', reason: null });
      continue;
    }
    seen.add(r.event.id);
    acks.push({ event_id: r.event.id, status: 'Accepted', reason: null });
    accepted.push(r.event);
  }
  // Event ids are unique per device (the key is device + id): a repeat from this device is a
  // Duplicate; the same id from another device is that device's own event.
  const known = await storedEventIds(
    ctx.db,
    device.id,
    accepted.map((e) => e.id),
  );
  const fresh = accepted.filter((e) => !known.has(e.id));
  for (const a of acks) if (a.status === 'Accepted' && known.has(a.event_id)) a.status = 'Duplicate';

  const answer = { batch_id: input.batch_id, acks };
  /** Events whose slice committed: acknowledged Accepted whatever happens to a later slice. */
  const committed = new Set<string>();
  try {
    const policyInfo = await loadPolicyInfo(ctx.db, policies, device.tenant_id, fresh);
    // Slices in occurrence order, each its own transaction: a check-in waits for one slice at most.
    const slices = slicesOf(
      [...fresh].sort(byOccurrence),
      (e) => foldKeyOf(e, policyInfo, device.id),
      config.agent.sliceIncidents,
    );
    for (const [i, slice] of slices.entries()) {
      // The batch's record rides on its last slice: until then, a re-sent batch finds the stored
      // slices' events by their ids (Duplicate) and stores the rest.
      const last = i === slices.length - 1;
      const record = last ? storedAcks(acks) : null;
      await state.writer.run(() =>
        storeSlice(ctx, device, { batchId: input.batch_id, events: slice, policyInfo, now, record }),
      );
      for (const e of slice) committed.add(e.id);
    }
  } catch (error) {
    // What a committed slice stored stays Accepted; every other event the agent would have
    // dropped is asked again.
    const retry = acks.map((a) =>
      a.status === 'Accepted' && !committed.has(a.event_id)
        ? { ...a, status: 'Retry' as const, reason: 'store_failed' }
        : a,
    );
    return { batch_id: input.batch_id, acks: retry, throttle_ms: throttle, storeError: error };
  }
  return { ...answer, throttle_ms: throttle };
}
