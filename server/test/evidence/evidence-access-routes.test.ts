import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { blake3 } from 'hash-wasm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/http/principal.js';
import { deleteExpiredCopies } from '../../src/modules/evidence/retention.js';
import { evidencePath } from '../../src/modules/evidence/service.js';
import { buildOpsApp } from '../../src/ops.js';
import { enrolDevice, signed } from '../agents/agent-harness.js';
import { type SignedIn, signInAs, stepUp } from '../helpers/index.js';
import { startTriage, type Triage } from '../incidents/triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const WHY = 'Checking the card numbers for the case file.';

/** Raises an incident whose event asked for the file, uploads the copy, answers ids and bytes. */
async function withCopy(bytes = randomBytes(5_000)) {
  const hash = await blake3(bytes);
  const incident = await t.one('alice', t.d, { evidence_requested: true });
  const ev = await t.h.ctx.db
    .selectFrom('agent_events')
    .select(['id'])
    .where('incident_id', '=', incident)
    .executeTakeFirstOrThrow();
  await t.h.ctx.db.updateTable('agent_events').set({ file_blake3: hash }).where('id', '=', ev.id).execute();
  const up = await signed(t.h, t.d, 'POST', `/api/v1/agent/evidence-files/${ev.id}`, bytes);
  expect(up.statusCode).toBe(200);
  return { incident, eventId: ev.id, fileId: up.json().id as string, bytes };
}

const download = (
  incident: string,
  file: string,
  who: SignedIn = t.h.owner,
  body: unknown = { justification: WHY },
) => t.call('POST', `/incidents/${incident}/evidence-files/${file}/download`, who, body);

async function audit(action: string) {
  return t.h.ctx.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();
}

async function metrics(): Promise<string> {
  const ops = await buildOpsApp({ db: t.h.ctx.db, metrics: t.h.ctx.app.deps.metrics });
  try {
    return (await ops.inject('/metrics')).body;
  } finally {
    await ops.close();
  }
}

describe('POST /incidents/{id}/evidence', () => {
  it('opens previews for 30 minutes with a justification, audited evidence.accessed, counted', async () => {
    const id = await t.one();
    const r = await t.call('POST', `/incidents/${id}/evidence`, t.h.owner, { justification: WHY });
    expect(r.statusCode).toBe(200);
    const now = t.h.ctx.clock.now().getTime();
    expect(r.json()).toEqual({
      incident_id: id,
      opened_at: new Date(now).toISOString(),
      expires_at: new Date(now + 30 * 60_000).toISOString(),
    });
    const [entry] = await audit('evidence.accessed');
    expect(entry).toMatchObject({ subject_id: id, actor_id: t.h.owner.userId });
    // The justification itself is never kept in the audit entry (only its length).
    expect(entry!.metadata).not.toContain('card numbers');
    expect(await metrics()).toContain(
      `svc_evidence_views_total{tenant="${t.h.owner.tenantId}",outcome="opened"} 1`,
    );
  });

  it('400 without a justification, 422 under five characters, 403 without evidence:read, 404 for another tenant', async () => {
    const id = await t.one();
    const missing = await t.call('POST', `/incidents/${id}/evidence`, t.h.owner, {});
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'evidence.justification_required']);
    const short = await t.call('POST', `/incidents/${id}/evidence`, t.h.owner, { justification: ' abc ' });
    expect([short.statusCode, short.json().code]).toEqual([422, 'request.invalid']);
    expect(short.json().details).toEqual([
      { field: 'justification', message: 'must be at least 5 characters' },
    ]);
    // An Auditor reads incidents but holds no evidence:read.
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug });
    const denied = await t.call('POST', `/incidents/${id}/evidence`, auditor, { justification: WHY });
    expect(denied.statusCode).toBe(403);
    const stranger = await signInAs(t.h.ctx, { role: 'owner' });
    const foreign = await t.call('POST', `/incidents/${id}/evidence`, stranger, { justification: WHY });
    const absent = await t.call('POST', `/incidents/${randomUUID()}/evidence`, stranger, {
      justification: WHY,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(absent.json());
    // Nothing opened; every refusal audited and counted.
    expect(await t.h.ctx.db.selectFrom('evidence_accesses').selectAll().execute()).toEqual([]);
    expect(await audit('evidence.accessed')).toEqual([]);
    expect((await audit('evidence.access_refused')).length).toBe(5);
    const text = await metrics();
    const tenant = t.h.owner.tenantId;
    expect(text).toContain(`svc_evidence_views_total{tenant="${tenant}",outcome="refused_reason"} 2`);
    expect(text).toContain(`svc_evidence_views_total{tenant="${tenant}",outcome="refused_permission"} 1`);
    expect(text).toContain(`svc_evidence_views_total{tenant="${stranger.tenantId}",outcome="not_found"} 2`);
  });
});

describe('GET /incidents/{id}/evidence-files', () => {
  it('lists stored copies and withheld notices with their fields', async () => {
    const { incident, eventId, fileId } = await withCopy();
    const w = await signed(t.h, t.d, 'POST', `/api/v1/agent/evidence-files/${eventId}/withheld`, {
      reason: 'changed',
    });
    expect(w.statusCode).toBe(200);
    const r = await t.call('GET', `/incidents/${incident}/evidence-files`);
    expect(r.statusCode).toBe(200);
    const now = t.h.ctx.clock.now();
    expect(r.json()).toEqual({
      incident_id: incident,
      items: [
        {
          id: fileId,
          event_id: eventId,
          size_bytes: 5_000,
          state: 'stored',
          withheld_reason: null,
          stored_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 90 * 86_400_000).toISOString(),
          deleted_at: null,
        },
        {
          id: expect.any(String),
          event_id: eventId,
          size_bytes: null,
          state: 'withheld',
          withheld_reason: 'changed',
          stored_at: null,
          expires_at: null,
          deleted_at: null,
        },
      ],
    });
  });
});

describe('POST /incidents/{id}/evidence-files/{file_id}/download', () => {
  it('an Owner after a step-up gets the exact bytes as an attachment, audited and counted', async () => {
    const { incident, fileId, bytes } = await withCopy();
    const before = await download(incident, fileId);
    expect([before.statusCode, before.json().code]).toEqual([403, 'auth.step_up_required']);
    await stepUp(t.h.ctx, t.h.owner, 'evidence_file');
    const r = await download(incident, fileId);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="evidence-${fileId}.bin"`);
    expect(r.rawPayload.equals(bytes)).toBe(true);
    const [entry] = await audit('evidence.file_downloaded');
    expect(entry).toMatchObject({ subject_id: fileId, actor_id: t.h.owner.userId });
    expect(await metrics()).toContain(
      `svc_evidence_views_total{tenant="${t.h.owner.tenantId}",outcome="file_downloaded"} 1`,
    );
  });

  it('evidence:file is the Owner’s alone: an Admin is refused even after a step-up', async () => {
    const { incident, fileId } = await withCopy();
    const admin = await signInAs(t.h.ctx, { role: 'admin', tenant: t.h.owner.tenantSlug });
    await stepUp(t.h.ctx, admin, 'evidence_file');
    const r = await download(incident, fileId, admin);
    expect([r.statusCode, r.json().code]).toEqual([403, 'auth.forbidden']);
    expect(r.json().message).toContain('evidence:file');
  });

  it('404 for a withheld notice, another incident’s copy and another tenant; 400/422 justification', async () => {
    const { incident, eventId, fileId } = await withCopy();
    await stepUp(t.h.ctx, t.h.owner, 'evidence_file');
    await signed(t.h, t.d, 'POST', `/api/v1/agent/evidence-files/${eventId}/withheld`, {
      reason: 'over_cap',
    });
    const listed = (await t.call('GET', `/incidents/${incident}/evidence-files`)).json().items;
    const withheldId = listed.find((i: { state: string }) => i.state === 'withheld').id;
    const w = await download(incident, withheldId);
    expect([w.statusCode, w.json().code]).toEqual([404, 'evidence.withheld']);
    const other = await t.one('bob');
    const elsewhere = await download(other, fileId);
    const absent = await download(incident, randomUUID());
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual(absent.json());
    const stranger = await signInAs(t.h.ctx, { role: 'owner' });
    await stepUp(t.h.ctx, stranger, 'evidence_file');
    const foreign = await download(incident, fileId, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(absent.json().code);
    const missing = await download(incident, fileId, t.h.owner, {});
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'evidence.justification_required']);
    const short = await download(incident, fileId, t.h.owner, { justification: 'no' });
    expect(short.statusCode).toBe(422);
    expect(await audit('evidence.file_downloaded')).toEqual([]);
    expect((await audit('evidence.access_refused')).length).toBe(6);
  });

  it('502 when the sealed copy cannot be read back; 409 once retention deleted it', async () => {
    const { incident, fileId } = await withCopy();
    await stepUp(t.h.ctx, t.h.owner, 'evidence_file');
    const file = evidencePath(t.h.ctx.dataDir, t.h.owner.tenantId, fileId);
    const sealed = await fs.readFile(file);
    await fs.writeFile(file, Buffer.concat([sealed.subarray(0, 20), Buffer.from('tampered')]));
    const broken = await download(incident, fileId);
    expect([broken.statusCode, broken.json().code]).toEqual([502, 'evidence.store_failed']);
    await fs.writeFile(file, sealed);
    expect((await download(incident, fileId)).statusCode).toBe(200);
    // Retention: nothing before expires_at, the copy removed and marked deleted at it.
    t.h.ctx.clock.advance(90 * 86_400_000 - 1);
    expect(
      await deleteExpiredCopies(t.h.ctx.app.deps, t.h.ctx.app.deps.config.dataDir, t.h.ctx.clock.now()),
    ).toBe(0);
    t.h.ctx.clock.advance(1);
    expect(
      await deleteExpiredCopies(t.h.ctx.app.deps, t.h.ctx.app.deps.config.dataDir, t.h.ctx.clock.now()),
    ).toBe(1);
    await expect(fs.stat(file)).rejects.toThrow();
    // 90 days on, the first session has ended: sign in again.
    const owner = await signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    const [item] = (await t.call('GET', `/incidents/${incident}/evidence-files`, owner)).json().items;
    expect(item).toMatchObject({ state: 'deleted', deleted_at: t.h.ctx.clock.now().toISOString() });
    expect(await audit('evidence.file_deleted')).toHaveLength(1);
    await stepUp(t.h.ctx, owner, 'evidence_file');
    const gone = await download(incident, fileId, owner);
    expect([gone.statusCode, gone.json().code]).toEqual([409, 'evidence.file_deleted']);
    // The deleted copy no longer counts against the tenant cap; the sweep does nothing more.
    expect(
      await deleteExpiredCopies(t.h.ctx.app.deps, t.h.ctx.app.deps.config.dataDir, t.h.ctx.clock.now()),
    ).toBe(0);
  });
});

describe('endpoint-group scope', () => {
  it('an incident outside the role’s groups is the identical 404 on every evidence route', async () => {
    const g = await t.call('POST', '/agent-groups', t.h.owner, { name: 'Finance' });
    const finance = await enrolDevice(t.h, 'ed25519', { agent_group: 'Finance' });
    const { incident: outside, fileId } = await withCopy();
    const inside = await t.one('bob', finance);
    // An Owner-role account scoped to Finance (holds evidence:read and evidence:file).
    const scoped = await signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    const session = t.h.ctx.app.auth.authenticators[0]!;
    t.h.ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
      if (credential.value !== scoped.token) return null;
      const p: Principal | null = await session(credential, request, services);
      return p ? { ...p, incidentScope: [g.json().id] } : null;
    });
    await stepUp(t.h.ctx, scoped, 'evidence_file');
    const missing = await t.call('POST', `/incidents/${randomUUID()}/evidence`, scoped, {
      justification: WHY,
    });
    const answers = [
      await t.call('POST', `/incidents/${outside}/evidence`, scoped, { justification: WHY }),
      await t.call('GET', `/incidents/${outside}/evidence-files`, scoped),
      await download(outside, fileId, scoped),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(404);
      expect(a.json()).toEqual(missing.json());
    }
    expect(
      (await t.call('POST', `/incidents/${inside}/evidence`, scoped, { justification: WHY })).statusCode,
    ).toBe(200);
  });
});
