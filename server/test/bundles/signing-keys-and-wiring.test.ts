import { createPublicKey, verify } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { unseal } from '../../src/crypto/seal.js';
import {
  getLatestBundle,
  getPolicySigningKeys,
  signingKeyContext,
} from '../../src/modules/bundles/public.js';
import { createTestApp, ensureTenant, signInAs, type TestContext } from '../helpers/index.js';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('policy signing keys', () => {
  it('creates one Ed25519 key per tenant on first use and returns the same key afterwards', async () => {
    ctx = await createTestApp();
    const a = await ensureTenant(ctx, 'acme');
    const b = await ensureTenant(ctx, 'globex');
    const master = ctx.app.deps.keys.master;
    const [first, second] = await Promise.all([
      getPolicySigningKeys(ctx.db, a.id, master),
      getPolicySigningKeys(ctx.db, a.id, master),
    ]);
    expect(first).toHaveLength(1);
    expect(second).toEqual(first);
    expect(Buffer.from(first![0]!.public_key_b64, 'base64')).toHaveLength(32);
    const other = await getPolicySigningKeys(ctx.db, b.id, master);
    expect(other[0]!.key_id).not.toBe(first![0]!.key_id);
  });

  it('stores the private key only sealed, and the sealed key signs for the published public key', async () => {
    ctx = await createTestApp();
    const t = await ensureTenant(ctx, 'acme');
    const master = ctx.app.deps.keys.master;
    const [key] = await getPolicySigningKeys(ctx.db, t.id, master);
    const row = await ctx.db
      .selectFrom('policy_signing_keys')
      .selectAll()
      .where('key_id', '=', key!.key_id)
      .executeTakeFirstOrThrow();
    expect(row.private_key_sealed.startsWith('v1.')).toBe(true);
    const der = unseal(master, row.private_key_sealed, signingKeyContext(t.id, key!.key_id));
    const { createPrivateKey, sign } = await import('node:crypto');
    const priv = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    const msg = Buffer.from('bundle bytes');
    const pub = createPublicKey({
      key: Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        Buffer.from(key!.public_key_b64, 'base64'),
      ]),
      format: 'der',
      type: 'spki',
    });
    expect(verify(null, msg, pub, sign(null, msg, priv))).toBe(true);
    // Bound to its row: the sealed key does not open under another tenant's context.
    expect(() => unseal(master, row.private_key_sealed, signingKeyContext('other', key!.key_id))).toThrow();
  });

  it('has no latest bundle before any compilation', async () => {
    ctx = await createTestApp();
    const t = await ensureTenant(ctx, 'acme');
    expect(await getLatestBundle(ctx.db, t.id)).toBeUndefined();
  });

  it('parses a bundle once: the newest version is re-read on every call, its envelope only when new', async () => {
    ctx = await createTestApp();
    const t = await ensureTenant(ctx, 'acme');
    const add = (version: number) =>
      ctx!.db
        .insertInto('policy_bundles')
        .values({
          tenant_id: t.id,
          version,
          envelope: JSON.stringify({ v: version }),
          required_capabilities: '[]',
          reason: 'test',
          created_at: new Date(0).toISOString(),
        })
        .execute();
    await add(1);
    const first = await getLatestBundle(ctx.db, t.id);
    expect(first).toMatchObject({ version: 1, envelope: { v: 1 } });
    // A check-in asks for the newest bundle every time: the same version is not parsed again.
    expect(await getLatestBundle(ctx.db, t.id)).toBe(first);
    // Another instance's publish (a row this process did not write) is seen at the next call.
    await add(2);
    expect(await getLatestBundle(ctx.db, t.id)).toMatchObject({ version: 2, envelope: { v: 2 } });
  });
});

describe('module registry', () => {
  it('serves the agent interface and the endpoint console routes from the default app', async () => {
    ctx = await createTestApp();
    const owner = await signInAs(ctx, { role: 'owner' });
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: owner.headers });
    const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/v1/agent/enroll',
      '/api/v1/agent/checkin',
      '/api/v1/agent/policy',
      '/api/v1/agent/events',
    ])
      expect(paths).toContain(p);
    const groups = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/agent-groups',
      headers: owner.headers,
    });
    expect(groups.statusCode).toBe(200);
  });
});
