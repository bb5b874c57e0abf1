import { join } from 'node:path';
import type { BundlePayload } from '@custos/engine';
import { readStateJson, writeStateJson } from '../state-files.js';

/** Outcome of the engine's ordered bundle checks, in the agent's terms. */
export type VerifyOutcome =
  | { ok: true; payload: BundlePayload }
  | { ok: false; code: string; message: string };

/**
 * Verifies one envelope against the trust the agent holds (engine `verifyBundle`), with the given
 * version floor, as of `atMs` (the current time, or the acceptance time when re-checking the kept file).
 */
export type BundleVerifier = (envelope: unknown, floor: number, atMs: number | null) => VerifyOutcome;

interface StoredBundle {
  bundle_version: number;
  envelope: unknown;
  accepted_at: string;
}

export interface BundleStatus {
  version_in_force: number;
  floor: number;
  accepted_at: string | null;
  last_refusal: { code: string; message: string; offered_version: number | null; at: string } | null;
  last_fetch_reason: string | null;
}

/**
 * The bundle in force and the version floor, persisted in the state directory. Document 1: any
 * verification failure keeps the last verified bundle in force; the agent refuses any bundle below
 * the highest it has accepted (the floor survives restarts, and is written after the bundle so a
 * crash between the two never leaves a floor above the bundle kept).
 */
export class BundleStore {
  private current: { payload: BundlePayload; stored: StoredBundle } | null = null;
  private status: BundleStatus = {
    version_in_force: 0,
    floor: 0,
    accepted_at: null,
    last_refusal: null,
    last_fetch_reason: null,
  };

  constructor(
    private readonly dir: string,
    private readonly verify: BundleVerifier,
    private readonly clock: () => number = Date.now,
  ) {}

  private path(name: string): string {
    return join(this.dir, name);
  }

  /** Loads and re-verifies the kept bundle (its own version equals the floor, so it passes). */
  async load(): Promise<void> {
    const floor = (await readStateJson<{ version: number }>(this.path('floor.json')))?.version ?? 0;
    const status = await readStateJson<BundleStatus>(this.path('status.json'));
    if (status) this.status = status;
    this.status.floor = Math.max(this.status.floor, floor);
    const stored = await readStateJson<StoredBundle>(this.path('bundle.json'));
    if (!stored) return;
    // The kept bundle is re-checked at start as of its acceptance: a tampered file on disk is never
    // put in force, and the last verified bundle stays in force across restarts (document 1).
    const outcome = this.verify(stored.envelope, this.status.floor, Date.parse(stored.accepted_at));
    if (outcome.ok) {
      this.current = { payload: outcome.payload, stored };
      this.status.version_in_force = outcome.payload.bundle_version;
      this.status.accepted_at = stored.accepted_at;
    } else {
      this.status.last_refusal = {
        code: outcome.code,
        message: `kept bundle failed re-verification: ${outcome.message}`,
        offered_version: stored.bundle_version,
        at: new Date(this.clock()).toISOString(),
      };
    }
  }

  payload(): BundlePayload | null {
    return this.current?.payload ?? null;
  }

  getStatus(): BundleStatus {
    return { ...this.status };
  }

  /** Offers a fetched envelope. On any failure the bundle in force stays; the refusal is recorded. */
  async offer(envelope: unknown): Promise<VerifyOutcome> {
    const outcome = this.verify(envelope, this.status.floor, null);
    const at = new Date(this.clock()).toISOString();
    if (!outcome.ok) {
      const offered = (envelope as { payload?: { bundle_version?: unknown } } | null)?.payload
        ?.bundle_version;
      this.status.last_refusal = {
        code: outcome.code,
        message: outcome.message,
        offered_version: typeof offered === 'number' ? offered : null,
        at,
      };
      await writeStateJson(this.path('status.json'), this.status);
      return outcome;
    }
    const stored: StoredBundle = {
      bundle_version: outcome.payload.bundle_version,
      envelope,
      accepted_at: at,
    };
    await writeStateJson(this.path('bundle.json'), stored);
    this.current = { payload: outcome.payload, stored };
    this.status.version_in_force = outcome.payload.bundle_version;
    this.status.floor = Math.max(this.status.floor, outcome.payload.bundle_version);
    this.status.accepted_at = at;
    await writeStateJson(this.path('floor.json'), { version: this.status.floor });
    await writeStateJson(this.path('status.json'), this.status);
    return outcome;
  }

  async noteFetch(reason: string | null): Promise<void> {
    this.status.last_fetch_reason = reason;
    await writeStateJson(this.path('status.json'), this.status);
  }
}
