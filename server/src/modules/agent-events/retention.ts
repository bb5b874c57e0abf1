import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { correctStoredEvents, storedEventFootprints } from '../agents/public.js';
import { listTenants } from '../tenants/public.js';
import { recountEventHours } from './hours-store.js';
import {
  createMonthPartition,
  deleteTenantEventsBefore,
  dropMonthPartition,
  eventCountsByDevice,
  monthlyPartitions,
  partitionName,
} from './retention-store.js';

/** Stored events are kept 90 days (ingest refuses older ones: normalise-event.ts). */
export const EVENT_RETENTION_DAYS = 90;
/** How often each instance's timer fires; the pass runs once per hour across instances. */
export const EVENT_RETENTION_TICK_MS = 15 * 60_000;
export const EVENT_RETENTION_PERIOD_MS = 60 * 60_000;
/** Months of partitions that exist ahead of the current one. */
const MONTHS_AHEAD = 2;
/** Rows per delete statement: one short write, then ingest gets the writer back. */
const DELETE_BATCH = 1_000;

export interface RetentionPass {
  cutoff: string;
  /** PostgreSQL: partitions made and dropped. */
  created: string[];
  dropped: string[];
  /** Rows deleted one batch at a time (outside the dropped partitions). */
  deleted: number;
  /** Devices whose stored-events footprint was corrected. */
  reconciled: number;
}

function monthStart(d: Date, plus = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + plus, 1));
}

/** Lets the queued work of the event loop (an ingest batch, a check-in) run between two deletes. */
function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * One retention pass (docs/deploy.md, "Stored events at volume"): events that occurred more than
 * 90 days before `now` go. PostgreSQL first makes sure the monthly partitions from the cutoff's
 * month to two months ahead exist and drops every month wholly before the cutoff (one statement
 * per month, whatever its size). Then, on both databases, what is left older than the cutoff (the
 * cutoff month's oldest hours since the last pass; on SQLite everything expired) is deleted in
 * batches of `batch` rows, yielding between batches so ingest and check-ins never wait for the
 * pass. Each tenant's hourly roll-up is then recounted up to the cutoff's hour, and the pass ends
 * by setting each device's stored-events footprint to its real count.
 */
export async function runEventRetention(
  db: Kysely<Database>,
  now: Date,
  batch = DELETE_BATCH,
): Promise<RetentionPass> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  const pass: RetentionPass = { cutoff, created: [], dropped: [], deleted: 0, reconciled: 0 };
  if (dialectOf(db) === 'postgres') {
    const existing = new Set(await monthlyPartitions(db));
    const first = monthStart(new Date(cutoff));
    for (let m = first; m <= monthStart(now, MONTHS_AHEAD); m = monthStart(m, 1)) {
      const name = partitionName(m);
      if (existing.has(name)) continue;
      await createMonthPartition(db, name, m.toISOString(), monthStart(m, 1).toISOString());
      pass.created.push(name);
    }
    for (const name of existing) {
      // A partition whose month ends at or before the cutoff holds only expired events.
      if (name < partitionName(first)) {
        await dropMonthPartition(db, name);
        pass.dropped.push(name);
      }
    }
  }
  for (const tenant of await listTenants(db)) {
    for (let n = batch; n === batch; await yieldToOthers()) {
      n = await deleteTenantEventsBefore(db, tenant.id, cutoff, batch);
      pass.deleted += n;
    }
    // The hourly roll-up (hours-store.ts) follows: hours before the cutoff's are emptied, the
    // cutoff's hour is counted again from the events it kept (one hour, through the index).
    await db.transaction().execute((trx) => recountEventHours(trx, tenant.id, null, cutoff.slice(0, 13)));
  }
  pass.reconciled = await reconcileFootprints(db);
  return pass;
}

/**
 * Each device's stored-events footprint set to the rows it really has. Footprints are read before
 * the count and corrected only where unchanged since (correctStoredEvents), so a batch stored
 * during the pass is never lost from the count; such a device is corrected by the next pass.
 */
async function reconcileFootprints(db: Kysely<Database>): Promise<number> {
  const footprints = await storedEventFootprints(db);
  const counts = await eventCountsByDevice(db);
  let corrected = 0;
  for (const f of footprints) {
    const real = counts.get(f.id) ?? 0;
    if (real !== f.stored_events && (await correctStoredEvents(db, f.id, f.stored_events, real)))
      corrected += 1;
  }
  return corrected;
}
