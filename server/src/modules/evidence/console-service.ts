import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { personTextProblem } from '@custos/engine';
import { aesGcmDecrypt } from '../../crypto/seal.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { Metrics } from '../../http/metrics.js';
import type { Permission } from '../../http/permissions.js';
import type { Principal } from '../../http/principal.js';
import { hasFreshStepUp } from '../../http/step-up.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { type EvidenceParts, evidenceAad, evidencePath, tenantKey } from './service.js';
import {
  copiesOfIncident,
  findCopy,
  findWithheld,
  insertAccess,
  openAccess,
  withheldOfIncident,
} from './store.js';

/**
 * How long `POST /incidents/{id}/evidence` opens an incident's previews for the person who asked:
 * 30 minutes, one working session on one incident (docs/evidence.md). After that a new
 * justification is needed.
 */
export const EVIDENCE_ACCESS_MS = 30 * 60_000;
export const JUSTIFICATION_MIN = 5;
export const JUSTIFICATION_MAX = 1_000;

/** The outcomes of `svc_evidence_views_total` (document 2, Metrics). */
export type ViewOutcome =
  | 'opened'
  | 'refused_reason'
  | 'refused_permission'
  | 'not_found'
  | 'file_downloaded';

/** The incidents module's visibility rule, passed in (a missing, foreign or out-of-scope incident is 404). */
export type IncidentLookup = (
  ctx: ServiceContext,
  principal: Principal,
  id: string,
) => Promise<{ id: string; tenant_id: string; reference: string }>;

/** What the console's evidence services need besides the service context and the principal. */
export interface EvidenceConsoleParts extends EvidenceParts {
  metrics: Metrics;
  /** The incidents module's visibility rule (passed in by the registry). */
  incident: IncidentLookup;
}

/** One console evidence request: the service context, the principal and the module's parts. */
export interface EvidenceCall {
  ctx: ServiceContext;
  principal: Principal;
  parts: EvidenceConsoleParts;
}

/**
 * Runs one evidence request: every refusal is audited (`evidence.access_refused`, the code and the
 * ids only, never the justification) and counted, and then rethrown unchanged.
 */
async function guarded<T>(
  c: EvidenceCall,
  what: { route: 'open' | 'download'; incidentId: string; fileId?: string },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const outcome: ViewOutcome | null =
      error.code === 'auth.forbidden' || error.code === 'auth.step_up_required'
        ? 'refused_permission'
        : error.status === 404 || error.status === 409
          ? 'not_found'
          : error.status === 400 || error.status === 422
            ? 'refused_reason'
            : null;
    if (outcome) count(c, outcome);
    await c.ctx.audit.write(auditContextFor(c.ctx), {
      action: 'evidence.access_refused',
      subject: { type: 'incident', id: what.incidentId },
      metadata: { via: what.route, refusal_code: error.code, file_id: what.fileId ?? null },
    });
    throw error;
  }
}

function count(c: EvidenceCall, outcome: ViewOutcome): void {
  c.parts.metrics.evidenceViews.inc({ tenant: c.principal.tenantId, outcome });
}

function need(p: Principal, permission: Permission): void {
  if (!p.permissions.has(permission))
    throw new AppError('auth.forbidden', `this action needs the ${permission} permission`);
}

/** Document 2: 400 when missing, 422 under five characters (the text itself is never stored). */
function justificationOf(raw: string | undefined): string {
  if (raw === undefined)
    throw new AppError('evidence.justification_required', 'say why you open this evidence', [
      { field: 'justification', message: 'is required' },
    ]);
  const text = raw.trim();
  if (text.length < JUSTIFICATION_MIN)
    throw fieldError('justification', `must be at least ${JUSTIFICATION_MIN} characters`);
  // The one person-text rule (control characters, credential shapes), here rather than in the
  // schema so that this refusal is audited and counted like the others.
  const problem = personTextProblem(text, 'multiline');
  if (problem) throw fieldError('justification', problem);
  return text;
}

/** `POST /incidents/{id}/evidence`: opens the incident's previews for this person for 30 minutes. */
export function openEvidence(c: EvidenceCall, incidentId: string, raw: string | undefined) {
  return guarded(c, { route: 'open', incidentId }, async () => {
    need(c.principal, 'evidence:read');
    const incident = await c.parts.incident(c.ctx, c.principal, incidentId);
    const justification = justificationOf(raw);
    const now = c.ctx.clock.now();
    const row = {
      id: randomUUID(),
      tenant_id: c.principal.tenantId,
      incident_id: incident.id,
      user_id: c.principal.userId,
      opened_at: now.toISOString(),
      expires_at: new Date(now.getTime() + EVIDENCE_ACCESS_MS).toISOString(),
    };
    await c.ctx.db.transaction().execute(async (trx) => {
      await insertAccess(trx, row);
      await c.ctx.audit.write(
        auditContextFor(c.ctx),
        {
          action: 'evidence.accessed',
          subject: { type: 'incident', id: incident.id },
          metadata: {
            reference: incident.reference,
            expires_at: row.expires_at,
            length: justification.length,
          },
        },
        trx,
      );
    });
    count(c, 'opened');
    return { incident_id: incident.id, opened_at: row.opened_at, expires_at: row.expires_at };
  });
}

/** Whether this person opened this incident's evidence and the opening still holds. */
export async function previewsOpen(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  p: Principal,
  incidentId: string,
): Promise<boolean> {
  return (
    (await openAccess(ctx.db, p.tenantId, p.userId, incidentId, ctx.clock.now().toISOString())) !== undefined
  );
}

/** `GET /incidents/{id}/evidence-files`: stored copies and withheld notices, oldest first. */
export async function listEvidenceFiles(c: EvidenceCall, incidentId: string) {
  const incident = await c.parts.incident(c.ctx, c.principal, incidentId);
  const copies = await copiesOfIncident(c.ctx.db, c.principal.tenantId, incident.id);
  const withheld = await withheldOfIncident(c.ctx.db, c.principal.tenantId, incident.id);
  const items = [
    ...copies.map((f) => ({
      id: f.id,
      event_id: f.event_id,
      size_bytes: Number(f.size_bytes),
      state: f.state,
      withheld_reason: null,
      stored_at: f.stored_at,
      expires_at: f.expires_at,
      deleted_at: f.deleted_at,
      at: f.stored_at,
    })),
    ...withheld
      .filter((w) => w.id !== null)
      .map((w) => ({
        id: w.id as string,
        event_id: w.event_id,
        size_bytes: null,
        state: 'withheld',
        withheld_reason: w.reason,
        stored_at: null,
        expires_at: null,
        deleted_at: null,
        at: w.recorded_at,
      })),
  ].sort(
    (a, b) =>
      a.at.localeCompare(b.at) ||
      // At the same instant a copy comes before a notice: a stable order, not the ids' chance.
      Number(a.state === 'withheld') - Number(b.state === 'withheld') ||
      a.id.localeCompare(b.id),
  );
  return { incident_id: incident.id, items: items.map(({ at: _at, ...rest }) => rest) };
}

/**
 * `POST /incidents/{id}/evidence-files/{file_id}/download`. Order: evidence:file (403), step-up
 * evidence_file (403), the incident (404), the copy in that incident (404; a withheld notice is
 * 404 too: there is nothing to download), the justification (400/422), a deleted copy (409), the
 * sealed file read and opened (502). Audited `evidence.file_downloaded`.
 */
export function downloadEvidenceFile(
  c: EvidenceCall,
  incidentId: string,
  fileId: string,
  raw: string | undefined,
) {
  return guarded(c, { route: 'download', incidentId, fileId }, async () => {
    need(c.principal, 'evidence:file');
    const { ctx, principal, parts } = c;
    const fresh =
      principal.sessionId !== undefined &&
      (await hasFreshStepUp(
        ctx.db,
        principal.tenantId,
        principal.sessionId,
        'evidence_file',
        ctx.clock.now(),
      ));
    if (!fresh)
      throw new AppError('auth.step_up_required', 'confirm your sign-in first (step-up evidence_file)', [
        { field: 'purpose', message: 'evidence_file' },
      ]);
    const incident = await parts.incident(ctx, principal, incidentId);
    const copy = await findCopy(ctx.db, principal.tenantId, fileId.toLowerCase());
    if (!copy || copy.incident_id !== incident.id) {
      const w = await findWithheld(ctx.db, principal.tenantId, fileId.toLowerCase());
      if (w && w.incident_id === incident.id)
        throw new AppError('evidence.withheld', `no copy was kept: ${w.reason}`);
      throw notFound('evidence file');
    }
    const justification = justificationOf(raw);
    if (copy.state !== 'stored')
      throw new AppError('evidence.file_deleted', 'the stored copy was deleted at the end of its retention');
    let bytes: Buffer;
    try {
      const sealed = await fs.readFile(evidencePath(parts.dataDir, copy.tenant_id, copy.id));
      const key = await tenantKey(ctx, parts.masterKey, copy.tenant_id);
      bytes = aesGcmDecrypt(
        key,
        sealed.subarray(0, 12),
        sealed.subarray(12),
        evidenceAad(copy.tenant_id, copy.id),
      );
    } catch {
      throw new AppError('evidence.store_failed', 'the evidence store could not give the copy back');
    }
    await ctx.audit.write(auditContextFor(ctx), {
      action: 'evidence.file_downloaded',
      subject: { type: 'evidence_file', id: copy.id },
      metadata: {
        incident_id: incident.id,
        reference: incident.reference,
        event_id: copy.event_id,
        size_bytes: bytes.length,
        length: justification.length,
      },
    });
    count(c, 'file_downloaded');
    return { bytes, id: copy.id, blake3: copy.blake3 };
  });
}
