import { createPublicKey, verify } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadServerKeys } from '../../src/crypto/server-keys.js';
import { AuditWriter } from '../../src/http/audit.js';
import { registerRelease, updateOfferFor } from '../../src/modules/agent-updates/public.js';
import { getPolicySigningKeys } from '../../src/modules/bundles/public.js';
import { createTestApp, ensureTenant, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';

let ctx: TestContext;
let owner: SignedIn;

async function call(who: SignedIn, method: 'GET' | 'POST', body?: unknown) {
  const res = await ctx.app.inject({
    method,
    url: '/api/v1/agents/update-manifest',
    headers: who.headers,
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function group(name: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/agent-groups',
    headers: owner.headers,
    payload: { name },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

async function release(version: string, bytes: string, tenant?: string) {
  const file = join(ctx.dataDir, `pkg-${version}-${Math.random()}`);
  await writeFile(file, bytes);
  return registerRelease(
    {
      db: ctx.db,
      audit: new AuditWriter(ctx.db, ctx.clock),
      clock: ctx.clock,
      masterKey: loadServerKeys(ctx.config).master,
      dataDir: ctx.dataDir,
    },
    { file, version, platform: 'linux-x64', ...(tenant ? { tenant } : {}) },
  );
}

beforeEach(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
});
afterEach(async () => ctx.close());

describe('update manifest (document 2, Agent installation and rollout)', () => {
  it('lists each release signed by the tenant key over the exact bytes, per tenant', async () => {
    const other = await ensureTenant(ctx, 'other-tenant');
    const added = await release('1.2.0', 'package bytes v1.2.0');
    expect(added.map((r) => r.tenant).sort()).toEqual([other.slug, owner.tenantSlug].sort());
    const { status, body } = await call(owner, 'GET');
    expect(status).toBe(200);
    const [r] = body.releases as { signature_b64: string; key_id: string; sha256: string; version: string }[];
    expect(r?.version).toBe('1.2.0');
    const keys = await getPolicySigningKeys(ctx.db, owner.tenantId, loadServerKeys(ctx.config).master);
    const key = keys.find((k) => k.key_id === r?.key_id)!;
    const pub = createPublicKey({
      key: Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        Buffer.from(key.public_key_b64, 'base64'),
      ]),
      format: 'der',
      type: 'spki',
    });
    expect(
      verify(null, Buffer.from('package bytes v1.2.0'), pub, Buffer.from(r!.signature_b64, 'base64')),
    ).toBe(true);
    expect(
      verify(null, Buffer.from('package bytes v1.2.1'), pub, Buffer.from(r!.signature_b64, 'base64')),
    ).toBe(false);
    // Each tenant's release carries its own key's signature.
    const otherRelease = added.find((a) => a.tenant === other.slug)!;
    expect(otherRelease.key_id).not.toBe(r?.key_id);
    // Repeating is safe; the same version with other bytes is refused.
    expect((await release('1.2.0', 'package bytes v1.2.0')).every((a) => !a.new)).toBe(true);
    await expect(release('1.2.0', 'other bytes')).rejects.toThrow(/other bytes/);
    // After a key rotation (the row names a key that is no longer live) it is signed again.
    await ctx.db
      .updateTable('agent_releases')
      .set({ key_id: 'retired-key', signature_b64: 'AA==' })
      .execute();
    const again = await release('1.2.0', 'package bytes v1.2.0');
    expect(again.every((a) => a.resigned && !a.new)).toBe(true);
    const after = (await call(owner, 'GET')).body.releases as { signature_b64: string; key_id: string }[];
    expect(after[0]).toMatchObject({ key_id: r?.key_id, signature_b64: r?.signature_b64 });
  });

  it('a group with no rule gets no update, a pinned group none, a rolled-out group its release', async () => {
    const ring1 = await group('Ring 1');
    const ring2 = await group('Ring 2');
    const ring3 = await group('Ring 3');
    await release('1.2.0', 'v1.2.0');
    const caps = { agent_version: '1.0.0', agent_platform: 'linux-x64' };
    const set = await call(owner, 'POST', {
      rollout: [{ agent_group: 'ring 1', version: '1.2.0' }, { agent_group: 'Ring 2' }],
    });
    expect(set.status).toBe(200);
    expect(set.body.rollout).toEqual([
      { agent_group: 'Ring 1', version: '1.2.0', updated_at: expect.any(String) },
      { agent_group: 'Ring 2', version: null, updated_at: expect.any(String) },
    ]);
    const offer = (groupId: string | null, c: Record<string, unknown> = caps) =>
      updateOfferFor(ctx, { tenant_id: owner.tenantId, group_id: groupId }, c);
    expect(await offer(ring1)).toMatchObject({ version: '1.2.0', platform: 'linux-x64' });
    expect((await offer(ring1))?.download_path).toMatch(/^\/api\/v1\/agent\/update-packages\/[0-9a-f-]{36}$/);
    expect(await offer(ring2)).toBeNull(); // pinned
    expect(await offer(ring3)).toBeNull(); // no rule
    expect(await offer(null)).toBeNull(); // no group
    expect(await offer(ring1, { ...caps, agent_version: '1.2.0' })).toBeNull(); // runs it already
    expect(await offer(ring1, { ...caps, agent_platform: 'win-x64' })).toBeNull(); // no build for it
  });

  it('refuses an unknown group, an unregistered version, a duplicate and an auditor; nothing changes', async () => {
    await group('Ring 1');
    await release('1.2.0', 'v1.2.0');
    expect(
      (await call(owner, 'POST', { rollout: [{ agent_group: 'Ring 1', version: '1.2.0' }] })).status,
    ).toBe(200);
    const bad = [
      [{ agent_group: 'Nope', version: '1.2.0' }, 'rollout[0].agent_group'],
      [{ agent_group: 'Ring 1', version: '9.9.9' }, 'rollout[0].version'],
    ] as const;
    for (const [rule, field] of bad) {
      const res = await call(owner, 'POST', { rollout: [rule] });
      expect(res.status).toBe(422);
      expect((res.body.details as { field: string }[])[0]?.field).toBe(field);
    }
    const dup = await call(owner, 'POST', {
      rollout: [{ agent_group: 'Ring 1' }, { agent_group: 'ring 1' }],
    });
    expect((dup.body.details as { field: string }[])[0]?.field).toBe('rollout[1].agent_group');
    const auditor = await signInAs(ctx, { role: 'auditor', tenant: owner.tenantSlug });
    expect((await call(auditor, 'POST', { rollout: [] })).status).toBe(403);
    expect((await call(owner, 'GET')).body.rollout).toEqual([
      { agent_group: 'Ring 1', version: '1.2.0', updated_at: expect.any(String) },
    ]);
    // Another tenant sees none of it.
    const stranger = await signInAs(ctx, { role: 'owner' });
    expect((await call(stranger, 'GET')).body).toEqual({ releases: [], rollout: [] });
  });
});
