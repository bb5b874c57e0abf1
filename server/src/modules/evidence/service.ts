import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { blake3 } from 'hash-wasm';
import { aesGcmEncrypt, seal, unseal } from '../../crypto/seal.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { findDeviceEvent } from '../agent-events/public.js';
import type { DevicesTable } from '../agents/public.js';
import {
  findCopyOfEvent,
  findKey,
  findSettings,
  insertCopy,
  insertKeyOnce,
  insertWithheldOnce,
  storedBytes,
} from './store.js';

/** Document 2, Limits: evidence upload 50 MiB. */
export const MAX_EVIDENCE_BYTES = 50 * 1024 * 1024;
/** Defaults where a tenant has no settings row (docs/agent-interface.md). */
export const DEFAULT_CAP_BYTES = 10 * 1024 ** 3;
export const DEFAULT_RETENTION_DAYS = 90;
export const WITHHELD_REASONS = [
  'over_cap',
  'changed',
  'unreadable',
  'spool_full',
  'spool_failed',
  'given_up',
  'refused',
] as const;

export interface StoredCopy {
  id: string;
  size_bytes: number;
  expires_at: string;
  new: boolean;
}

/**
 * What evidence storage needs besides the service context: the master key that seals each
 * tenant's evidence key, the data directory, and whether the database is shared (PostgreSQL).
 */
export interface EvidenceParts {
  masterKey: Buffer;
  dataDir: string;
  databaseUrl: string | null;
}

async function settingsOf(ctx: ServiceContext, tenantId: string) {
  return (
    (await findSettings(ctx.db, tenantId)) ?? {
      tenant_id: tenantId,
      enabled: 1,
      cap_bytes: DEFAULT_CAP_BYTES,
      retention_days: DEFAULT_RETENTION_DAYS,
    }
  );
}

/** The tenant's evidence key, created on first use (sealed under the master key). */
export async function tenantKey(ctx: ServiceContext, masterKey: Buffer, tenantId: string): Promise<Buffer> {
  const context = `tenant:${tenantId}:evidence-key`;
  let row = await findKey(ctx.db, tenantId);
  if (!row) {
    await insertKeyOnce(
      ctx.db,
      tenantId,
      seal(masterKey, randomBytes(32), context),
      ctx.clock.now().toISOString(),
    );
    row = await findKey(ctx.db, tenantId);
    if (!row) throw new Error('evidence key missing');
  }
  return unseal(masterKey, row.key_sealed, context);
}

/** Associated data binding a sealed copy to its tenant and id. */
export function evidenceAad(tenantId: string, id: string): Buffer {
  return Buffer.from(`evidence:${tenantId}:${id}`, 'utf8');
}

export function evidencePath(dataDir: string, tenantId: string, id: string): string {
  return path.join(dataDir, 'evidence', tenantId, `${id}.sealed`);
}

async function deviceEvent(ctx: ServiceContext, device: DevicesTable, eventId: string) {
  const e = await findDeviceEvent(ctx.db, device.id, eventId);
  // Another device's event answers like a missing one (document 2: 404 event missing or another device's).
  if (!e) throw notFound('event');
  return e;
}

/**
 * Document 2, evidence upload, each refusal in its order: storage off (409), event missing or
 * another device's (404), policy did not ask (409), a kept copy answers the first (`new: false`),
 * above the tenant cap (413), BLAKE3 differs (400), store failure (502, nothing recorded).
 */
export async function storeEvidence(
  ctx: ServiceContext,
  parts: EvidenceParts,
  device: DevicesTable,
  eventId: string,
  bytes: Buffer,
): Promise<StoredCopy> {
  const settings = await settingsOf(ctx, device.tenant_id);
  // Copies are files in the data directory; several instances on PostgreSQL share no directory.
  if (parts.databaseUrl !== null || settings.enabled !== 1) {
    throw new AppError('evidence.storage_off', 'evidence file storage is not configured or switched off');
  }
  const event = await deviceEvent(ctx, device, eventId);
  if (event.evidence_requested !== 1)
    throw new AppError('evidence.not_requested', 'the policy version did not ask for a copy of this file');
  const kept = await findCopyOfEvent(ctx.db, device.id, event.id);
  if (kept)
    return { id: kept.id, size_bytes: Number(kept.size_bytes), expires_at: kept.expires_at, new: false };
  const used = await storedBytes(ctx.db, device.tenant_id);
  if (bytes.length > MAX_EVIDENCE_BYTES || used + bytes.length > Number(settings.cap_bytes)) {
    throw new AppError('evidence.over_cap', 'the file is above the tenant evidence cap');
  }
  const digest = await blake3(bytes);
  if (!event.file_blake3 || digest !== event.file_blake3) {
    throw new AppError(
      'evidence.hash_mismatch',
      'the BLAKE3 hash of the upload differs from the reported one',
    );
  }
  const now = ctx.clock.now();
  const id = randomUUID();
  const file = evidencePath(parts.dataDir, device.tenant_id, id);
  try {
    const key = await tenantKey(ctx, parts.masterKey, device.tenant_id);
    const nonce = randomBytes(12);
    const sealed = aesGcmEncrypt(key, nonce, bytes, evidenceAad(device.tenant_id, id));
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.writeFile(file, Buffer.concat([nonce, sealed]), { mode: 0o600, flag: 'wx' });
  } catch {
    await fs.rm(file, { force: true }).catch(() => undefined);
    throw new AppError('evidence.store_failed', 'the evidence store failed; nothing was recorded');
  }
  const expiresAt = new Date(now.getTime() + Number(settings.retention_days) * 86_400_000).toISOString();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertCopy(trx, {
        id,
        tenant_id: device.tenant_id,
        event_id: event.id,
        device_id: device.id,
        incident_id: event.incident_id,
        size_bytes: bytes.length,
        blake3: digest,
        state: 'stored',
        stored_at: now.toISOString(),
        expires_at: expiresAt,
        deleted_at: null,
      });
      await ctx.audit.write(
        auditContextFor(ctx),
        {
          action: 'evidence.file_stored',
          subject: { type: 'evidence_file', id },
          metadata: { event_id: event.id, incident_id: event.incident_id, size_bytes: bytes.length },
        },
        trx,
      );
    });
  } catch (error) {
    await fs.rm(file, { force: true }).catch(() => undefined);
    // A concurrent retry stored it first: answer with that copy.
    const raced = await findCopyOfEvent(ctx.db, device.id, event.id);
    if (raced)
      return { id: raced.id, size_bytes: Number(raced.size_bytes), expires_at: raced.expires_at, new: false };
    throw error;
  }
  return { id, size_bytes: bytes.length, expires_at: expiresAt, new: true };
}

export async function recordWithheld(
  ctx: ServiceContext,
  device: DevicesTable,
  eventId: string,
  reason: string,
): Promise<{ event_id: string; reason: string; new: boolean }> {
  if (!(WITHHELD_REASONS as readonly string[]).includes(reason)) {
    throw fieldError('reason', `must be one of: ${WITHHELD_REASONS.join(', ')}`);
  }
  const event = await deviceEvent(ctx, device, eventId);
  const fresh = await insertWithheldOnce(ctx.db, {
    id: randomUUID(),
    tenant_id: device.tenant_id,
    incident_id: event.incident_id,
    event_id: event.id,
    reason,
    device_id: device.id,
    recorded_at: ctx.clock.now().toISOString(),
  });
  return { event_id: event.id, reason, new: fresh };
}
