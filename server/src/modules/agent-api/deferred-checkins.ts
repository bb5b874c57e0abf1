import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { mainConnectionHeld } from '../../db/side-connections.js';
import { type CheckinReport, type DevicesTable, recordCheckin } from '../agents/public.js';

/** How often a waiting check-in row looks whether the main connection is free again. */
const RETRY_MS = 5;

/**
 * Check-in rows (health, capabilities, bundle in force, last seen) that arrived while a
 * transaction held SQLite's main connection (an ingest slice). The check-in is answered at once
 * and its row is written as soon as the transaction commits, all waiting rows in one
 * transaction: the console sees a check-in that late (a slice: tens of milliseconds), never a
 * lost one. A device's newer row replaces its waiting one, and a row written directly (the
 * connection was free) drops the waiting one first, so an older report never overwrites a newer
 * (docs/deploy.md, Check-ins beside ingest).
 */
export class DeferredCheckins {
  private readonly waiting = new Map<string, { device: DevicesTable; report: CheckinReport }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Kysely<Database>) {}

  /** Rows not yet written (tests, metrics). */
  get size(): number {
    return this.waiting.size;
  }

  /** Keeps the device's row to be written when the main connection is free. */
  defer(device: DevicesTable, report: CheckinReport): void {
    this.waiting.set(device.id, { device, report });
    this.schedule();
  }

  /** A row about to be written directly supersedes the device's waiting one. */
  forget(deviceId: string): void {
    this.waiting.delete(deviceId);
  }

  /** Resolves once every row deferred so far is written. */
  async settled(): Promise<void> {
    while (this.waiting.size > 0 || this.timer !== null) {
      await this.flushing;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
    await this.flushing;
  }

  private schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.waiting.size === 0) return;
      if (mainConnectionHeld(this.db)) {
        this.schedule();
        return;
      }
      const rows = [...this.waiting.values()];
      this.waiting.clear();
      this.flushing = this.write(rows);
    }, RETRY_MS);
  }

  private async write(rows: { device: DevicesTable; report: CheckinReport }[]): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const r of rows) await recordCheckin(trx, r.device, r.report);
      });
    } catch {
      // Not written (the database refused): the rows wait for the next try, unless newer came.
      for (const r of rows) if (!this.waiting.has(r.device.id)) this.waiting.set(r.device.id, r);
      this.schedule();
    }
  }
}

const byDb = new WeakMap<Kysely<Database>, DeferredCheckins>();

/** The deferred check-in rows of a main database handle (one per process and database). */
export function deferredCheckinsOf(db: Kysely<Database>): DeferredCheckins {
  let d = byDb.get(db);
  if (!d) {
    d = new DeferredCheckins(db);
    byDb.set(db, d);
  }
  return d;
}
