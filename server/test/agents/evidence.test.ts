import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { blake3 } from 'hash-wasm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aesGcmDecrypt, unseal } from '../../src/crypto/seal.js';
import { evidencePath } from '../../src/modules/evidence/service.js';
import { type AgentHarness, enrolDevice, signed, startHarness, type TestDevice } from './agent-harness.js';
import { agentEvent } from './event-factory.js';

let h: AgentHarness;
let d: TestDevice;
beforeEach(async () => {
  h = await startHarness();
  d = await enrolDevice(h);
});
afterEach(async () => h.close());

async function eventFor(bytes: Buffer, over: Record<string, unknown> = {}, device = d) {
  const e = agentEvent({ policy: h.port.addPolicy().id, evidence_requested: true, ...over });
  (e.file as Record<string, unknown>).blake3 = await blake3(bytes);
  const r = await signed(h, device, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events: [e] });
  expect(r.json().acks[0].status).toBe('Accepted');
  return e.event_id;
}

const upload = (id: string, bytes: Buffer, device = d) =>
  signed(h, device, 'POST', `/api/v1/agent/evidence-files/${id}`, bytes);

describe('evidence upload', () => {
  it('stores the copy sealed with AES-256-GCM under the tenant key, audited; a retry answers new: false', async () => {
    const bytes = randomBytes(200_000);
    const id = await eventFor(bytes);
    const r = await upload(id, bytes);
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b).toMatchObject({ size_bytes: 200_000, new: true });
    expect(Date.parse(b.expires_at) - h.ctx.clock.now().getTime()).toBe(90 * 86_400_000);
    const file = await fs.readFile(evidencePath(h.ctx.dataDir, d.tenantId, b.id));
    expect(file.includes(bytes.subarray(0, 64))).toBe(false);
    const keyRow = await h.ctx.db.selectFrom('evidence_keys').selectAll().executeTakeFirstOrThrow();
    const key = unseal(h.ctx.app.deps.keys.master, keyRow.key_sealed, `tenant:${d.tenantId}:evidence-key`);
    const plain = aesGcmDecrypt(
      key,
      file.subarray(0, 12),
      file.subarray(12),
      Buffer.from(`evidence:${d.tenantId}:${b.id}`),
    );
    expect(plain.equals(bytes)).toBe(true);
    const audit = await h.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'evidence.file_stored')
      .execute();
    expect(audit).toHaveLength(1);
    const again = await upload(id, bytes);
    expect(again.json()).toEqual({ ...b, new: false });
  });

  it('400 when the BLAKE3 hash differs; nothing kept', async () => {
    const bytes = randomBytes(1000);
    const id = await eventFor(bytes);
    const r = await upload(id, Buffer.concat([bytes, Buffer.from('x')]));
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('evidence.hash_mismatch');
    expect(await h.ctx.db.selectFrom('evidence_files').selectAll().execute()).toEqual([]);
  });

  it('404 for a missing event and for another device’s', async () => {
    const other = await enrolDevice(h);
    const bytes = randomBytes(100);
    const id = await eventFor(bytes, {}, other);
    const missing = await upload(randomUUID(), bytes);
    const foreign = await upload(id, bytes);
    expect(missing.statusCode).toBe(404);
    expect(foreign.statusCode).toBe(404);
    expect(missing.json()).toEqual(foreign.json());
  });

  it('409 when the policy version did not ask for the file, and when storage is switched off', async () => {
    const bytes = randomBytes(100);
    const notAsked = await eventFor(bytes, { evidence_requested: false });
    const r = await upload(notAsked, bytes);
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('evidence.not_requested');
    await h.ctx.db
      .insertInto('evidence_settings')
      .values({ tenant_id: d.tenantId, enabled: 0, cap_bytes: 1e9, retention_days: 90 })
      .execute();
    const asked = await eventFor(bytes);
    const off = await upload(asked, bytes);
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('evidence.storage_off');
  });

  it('413 above the tenant cap and above 50 MiB', async () => {
    await h.ctx.db
      .insertInto('evidence_settings')
      .values({ tenant_id: d.tenantId, enabled: 1, cap_bytes: 1500, retention_days: 30 })
      .execute();
    const first = randomBytes(1000);
    expect((await upload(await eventFor(first), first)).statusCode).toBe(200);
    const second = randomBytes(1000);
    const r = await upload(await eventFor(second), second);
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe('evidence.over_cap');
    const huge = Buffer.alloc(50 * 1024 * 1024 + 1);
    const big = await upload(randomUUID(), huge);
    expect(big.statusCode).toBe(413);
  });

  it('502 when the store fails: nothing recorded, a retry may succeed', async () => {
    const bytes = randomBytes(100);
    const id = await eventFor(bytes);
    const dir = path.join(h.ctx.dataDir, 'evidence');
    await fs.writeFile(dir, 'not a directory');
    const r = await upload(id, bytes);
    expect(r.statusCode).toBe(502);
    expect(r.json().code).toBe('evidence.store_failed');
    expect(await h.ctx.db.selectFrom('evidence_files').selectAll().execute()).toEqual([]);
    await fs.rm(dir);
    expect((await upload(id, bytes)).json().new).toBe(true);
  });
});

describe('withheld', () => {
  it('records once per event and reason; other reasons 422; another device’s event 404', async () => {
    const id = await eventFor(randomBytes(10));
    const url = `/api/v1/agent/evidence-files/${id}/withheld`;
    expect((await signed(h, d, 'POST', url, { reason: 'over_cap' })).json()).toEqual({
      event_id: id,
      reason: 'over_cap',
      new: true,
    });
    expect((await signed(h, d, 'POST', url, { reason: 'over_cap' })).json().new).toBe(false);
    expect((await signed(h, d, 'POST', url, { reason: 'unreadable' })).json().new).toBe(true);
    const bad = await signed(h, d, 'POST', url, { reason: 'lazy' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].field).toBe('reason');
    const other = await enrolDevice(h);
    expect((await signed(h, other, 'POST', url, { reason: 'refused' })).statusCode).toBe(404);
  });
});
