import { findUserById } from '../../http/auth-store.js';
import { AppError, fieldError } from '../../http/errors.js';
import { auditContextFor } from '../../service-context.js';
import { newestPayloads } from '../agent-events/public.js';
import {
  detectorFeedbackOf,
  detectorRecord,
  findFeedback,
  setSyntheticIfVersion,
  upsertFeedback,
} from './marking-store.js';
import { isAboutAccount, refuseSelfAction } from './self-action.js';
import { visible } from './service.js';
import type { IncidentsTable } from './tables.js';
import { timeOrderedId } from './time-ordered-id.js';
import { staleVersion, type WorkflowCall } from './workflow-service.js';
import { insertHistory } from './workflow-store.js';

/** docs/incidents.md, Synthetic: a reason 5-500 (as bulk mark_test); a feedback note ≤ 1,000. */
export const SYNTHETIC_REASON_MIN = 5;
export const SYNTHETIC_REASON_MAX = 500;
export const FEEDBACK_NOTE_MAX = 1_000;
export const VERDICTS = ['false_positive', 'true_positive'] as const;
/** Why a detector was wrong (false_positive only). */
export const FALSE_POSITIVE_REASONS = [
  'not_sensitive',
  'test_or_sample_data',
  'public_information',
  'wrong_data_type',
  'validator_should_fail',
  'other',
] as const;
/** How many of the incident's newest events are read for the detectors that reported. */
const FEEDBACK_EVENT_SCAN = 1_000;

export interface SyntheticBody {
  synthetic: boolean;
  reason: string;
  expected_version?: number | undefined;
}

async function actorEmail(c: WorkflowCall): Promise<string | null> {
  return (await findUserById(c.ctx.db, c.principal.tenantId, c.principal.userId))?.email ?? null;
}

function syntheticAnswer(r: IncidentsTable, changed: boolean) {
  return {
    id: r.id,
    reference: r.reference,
    row_version: r.row_version,
    synthetic: r.synthetic === 1,
    synthetic_by: r.synthetic_by,
    changed,
  };
}

/**
 * POST /incidents/{id}/synthetic (document 2). Checks in order, so a refusal changes nothing:
 * reason (422) → visible (404) → expected_version (409) → a sandbox policy's test stays a test
 * (409) → self-action when marking (403) → same marking (200, unchanged) → write. Bulk
 * mark_test calls it per item with the bulk correlation id (history line and audit entry).
 */
export async function markSynthetic(
  c: WorkflowCall,
  id: string,
  body: SyntheticBody,
  correlationId: string | null = c.correlationId ?? null,
) {
  const reason = body.reason.trim();
  if (reason.length < SYNTHETIC_REASON_MIN)
    throw fieldError('reason', `must be at least ${SYNTHETIC_REASON_MIN} characters`);
  const r = await visible(c.ctx, c.principal, id);
  if (body.expected_version !== undefined && body.expected_version !== r.row_version) throw staleVersion();
  if (!body.synthetic && r.synthetic_by === 'test_policy')
    throw new AppError(
      'incident.synthetic_by_policy',
      'this incident was raised by a sandbox (test) policy and stays a test',
    );
  const email = await actorEmail(c);
  if (body.synthetic && isAboutAccount(r, email))
    await refuseSelfAction(c.ctx, r, 'mark_test', correlationId ?? undefined);
  if ((r.synthetic === 1) === body.synthetic) return syntheticAnswer(r, false);
  const now = c.ctx.clock.now();
  const by = body.synthetic ? 'analyst' : null;
  await c.ctx.db.transaction().execute(async (trx) => {
    const v = await setSyntheticIfVersion(trx, r.id, r.row_version, body.synthetic, by, now);
    if (v === null) throw staleVersion();
    await insertHistory(trx, {
      id: timeOrderedId(now),
      tenant_id: r.tenant_id,
      incident_id: r.id,
      at: now.toISOString(),
      actor_type: auditContextFor(c.ctx).actor.type,
      actor_id: auditContextFor(c.ctx).actor.id,
      actor_email: email,
      kind: 'synthetic',
      from_value: r.synthetic === 1 ? 'test' : 'real',
      to_value: body.synthetic ? 'test' : 'real',
      disposition: null,
      note: reason,
      request_id: c.ctx.requestId,
      correlation_id: correlationId,
    });
    await c.ctx.audit.write(
      auditContextFor(c.ctx),
      {
        action: body.synthetic ? 'incident.marked_test' : 'incident.marked_real',
        subject: { type: 'incident', id: r.id },
        // Without the reason's text: it may quote evidence (as a comment may).
        metadata: {
          reference: r.reference,
          synthetic: body.synthetic,
          reason_length: reason.length,
          ...(correlationId ? { correlation_id: correlationId } : {}),
        },
      },
      trx,
    );
  });
  return syntheticAnswer(await visible(c.ctx, c.principal, r.id), true);
}

export interface FeedbackBody {
  detector_id: string;
  detector_version: number;
  verdict: (typeof VERDICTS)[number];
  reason?: (typeof FALSE_POSITIVE_REASONS)[number] | undefined;
  note?: string | undefined;
}

/** The versions of each detector that reported in the incident's newest events. */
async function reportedDetectors(c: WorkflowCall, incidentId: string): Promise<Map<string, Set<number>>> {
  const out = new Map<string, Set<number>>();
  for (const p of await newestPayloads(c.ctx.db, incidentId, FEEDBACK_EVENT_SCAN)) {
    const body = JSON.parse(p.payload) as {
      detectors?: { detector_id?: unknown; detector_version?: unknown }[];
    };
    for (const d of body.detectors ?? []) {
      if (typeof d.detector_id !== 'string') continue;
      const versions = out.get(d.detector_id) ?? new Set<number>();
      if (typeof d.detector_version === 'number') versions.add(d.detector_version);
      out.set(d.detector_id, versions);
    }
  }
  return out;
}

/**
 * POST /incidents/{id}/detector-feedback (document 2): a verdict on one detector version as seen
 * in this incident. It is not a decision about the incident: no status, priority or row_version
 * changes; it feeds the detector's record (docs/incidents.md, Detector feedback).
 */
export async function giveDetectorFeedback(c: WorkflowCall, id: string, body: FeedbackBody) {
  if (body.verdict === 'true_positive' && body.reason !== undefined)
    throw fieldError('reason', 'goes only with the false_positive verdict');
  const note = (body.note ?? '').trim() || null;
  const reason = body.reason ?? null;
  const r = await visible(c.ctx, c.principal, id);
  const reported = await reportedDetectors(c, r.id);
  const versions = reported.get(body.detector_id);
  if (!versions) throw fieldError('detector_id', 'names no detector that reported in this incident');
  if (!versions.has(body.detector_version))
    throw fieldError('detector_version', 'is not a version of the detector that reported in this incident');
  const stored = await findFeedback(c.ctx.db, r.id, body.detector_id, body.detector_version);
  const same =
    stored !== undefined &&
    stored.verdict === body.verdict &&
    stored.reason === reason &&
    stored.note === note;
  if (!same) {
    const now = c.ctx.clock.now();
    const email = await actorEmail(c);
    await c.ctx.db.transaction().execute(async (trx) => {
      await upsertFeedback(trx, {
        id: stored?.id ?? timeOrderedId(now),
        tenant_id: r.tenant_id,
        incident_id: r.id,
        detector_id: body.detector_id,
        detector_version: body.detector_version,
        verdict: body.verdict,
        reason,
        note,
        given_by: c.principal.userId,
        given_by_email: email,
        given_at: now.toISOString(),
      });
      await insertHistory(trx, {
        id: timeOrderedId(now),
        tenant_id: r.tenant_id,
        incident_id: r.id,
        at: now.toISOString(),
        actor_type: auditContextFor(c.ctx).actor.type,
        actor_id: auditContextFor(c.ctx).actor.id,
        actor_email: email,
        kind: 'detector_feedback',
        from_value: stored?.verdict ?? null,
        to_value: body.verdict,
        disposition: null,
        note: `${body.detector_id} version ${body.detector_version}${reason ? ` (${reason})` : ''}`,
        request_id: c.ctx.requestId,
        correlation_id: null,
      });
      await c.ctx.audit.write(
        auditContextFor(c.ctx),
        {
          action: 'incident.detector_feedback',
          subject: { type: 'incident', id: r.id },
          metadata: {
            reference: r.reference,
            detector_id: body.detector_id,
            detector_version: body.detector_version,
            verdict: body.verdict,
            previous_verdict: stored?.verdict ?? null,
            reason,
            note_length: note?.length ?? 0,
          },
        },
        trx,
      );
    });
  }
  return {
    id: r.id,
    reference: r.reference,
    changed: !same,
    detector_feedback: await detectorFeedbackOf(c.ctx.db, r.id),
    record: {
      detector_id: body.detector_id,
      detector_version: body.detector_version,
      ...(await detectorRecord(c.ctx.db, r.tenant_id, body.detector_id, body.detector_version)),
    },
  };
}
