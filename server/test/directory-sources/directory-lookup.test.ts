import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/http/principal.js';
import { resolveDepartments } from '../../src/modules/directory-sources/public.js';
import { insertEndpoint } from '../helpers/endpoints.js';
import { type SignedIn, signInAs } from '../helpers/sign-in.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { type SambaPeer, startSambaPeer } from '../ldap/samba-peer.js';
import {
  createSource,
  credentialOf,
  enable,
  listedSource,
  lookup,
  stallingServer,
  switchableRelay,
  TENANT,
} from './directory-app.js';
import { departmentOf, unattributedIncident } from './incident-rows.js';

/** Directory sources and lookup (document 3) against a real Samba AD domain controller over LDAPS. */

let peer: SambaPeer;
let ctx: TestContext;
let stall: Awaited<ReturnType<typeof stallingServer>>;
let relay: Awaited<ReturnType<typeof switchableRelay>>;
let owner: SignedIn;
let source: string;

beforeAll(async () => {
  peer = await startSambaPeer();
  for (const n of ['01', '02', '03', '04', '05'])
    await peer.sambaTool('user', 'add', `pager${n}`, 'Passw0rd!Pager1', `--department=Dept ${n}`);
  await peer.sambaTool('group', 'add', 'DLP-Mail', '--group-type=Distribution');
  await peer.sambaTool('user', 'add', 'dora', 'Passw0rd!Dora1', '--department=Legal');
  await peer.sambaTool('user', 'disable', 'dora');
  await peer.sambaTool('group', 'add', 'DLP-Gone');
  for (const name of ['DLPWS01', 'DLPWS02', 'DLPWS03']) await peer.sambaTool('computer', 'add', name);
  for (const name of ['DLPWS01', 'DLPWS02']) await peer.sambaTool('user', 'enable', `${name}$`);
  stall = await stallingServer();
  const dc = new URL(peer.url);
  relay = await switchableRelay({ host: dc.hostname, port: Number(dc.port) });
  const viaRelay = credentialOf(peer, { url: `ldaps://127.0.0.1:${relay.port}` });
  ctx = await createTestApp({
    env: {
      DLP_SECRET_ACME_DIRECTORY: credentialOf(peer),
      DLP_SECRET_ACME_WRONG: credentialOf(peer, { password: 'not-the-password' }),
      DLP_SECRET_ACME_DOWN: credentialOf(peer, { url: 'ldaps://127.0.0.1:1' }),
      DLP_SECRET_ACME_STALL: credentialOf(peer, { url: `ldaps://127.0.0.1:${stall.port}` }),
      DLP_SECRET_ACME_CLOUD: Buffer.from('{"tenant_id":"t"}').toString('base64'),
      DLP_SECRET_BETA_DIRECTORY: credentialOf(peer),
      DLP_SECRET_BETA_DOWN: credentialOf(peer, { url: 'ldaps://127.0.0.1:1' }),
      DLP_SECRET_DELTA_DIRECTORY: credentialOf(peer),
      DLP_SECRET_ZETA_DIRECTORY: credentialOf(peer),
      DLP_SECRET_EPSILON_RELAY: viaRelay,
      DLP_SECRET_ETA_RELAY: viaRelay,
    },
  });
  owner = await signInAs(ctx, { role: 'owner', tenant: TENANT });
  source = await createSource(ctx, owner, 'env:DLP_SECRET_ACME_DIRECTORY');
  await enable(ctx, owner, source);
}, 300_000);
afterAll(async () => {
  await ctx?.close();
  await stall?.close();
  await relay?.close();
  await peer?.close();
});

/** The `directory.source_health_changed` entries of a tenant, oldest first. */
async function healthAudits(tenantId: string) {
  const rows = await ctx.db
    .selectFrom('audit_events')
    .select(['actor_type', 'metadata'])
    .where('tenant_id', '=', tenantId)
    .where('action', '=', 'directory.source_health_changed')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ actor: r.actor_type, ...JSON.parse(r.metadata ?? '{}') }));
}

const names = (body: { items: { account_name: string }[] }) => body.items.map((i) => i.account_name);

describe('/directory-sources', () => {
  it('an Owner creates a disabled, unverified source; the list never shows the credential', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/directory-sources',
      headers: owner.headers,
      payload: { name: 'Second AD', credential_ref: 'env:DLP_SECRET_ACME_DIRECTORY', reason: 'r' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Second AD',
      enabled: false,
      verification: 'unknown',
    });
    const list = await listedSource(ctx, owner, res.json().id);
    expect(list.body).not.toContain('DLP_SECRET');
    expect(list.item).toMatchObject({
      kind: 'directory_windows',
      enabled: false,
    });
  });

  it('refuses an Admin, and a reference not bound to the tenant (422 naming the field, nothing stored)', async () => {
    const admin = await signInAs(ctx, { role: 'admin', tenant: TENANT });
    const payload = { name: 'X', credential_ref: 'env:DLP_SECRET_ACME_DIRECTORY', reason: 'r' };
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/directory-sources',
      headers: admin.headers,
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const before = await ctx.db.selectFrom('directory_sources').select('id').execute();
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/directory-sources',
      headers: owner.headers,
      payload: { ...payload, credential_ref: 'env:DLP_SECRET_OTHER_DIRECTORY' },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details[0].field).toBe('credential_ref');
    expect(await ctx.db.selectFrom('directory_sources').select('id').execute()).toHaveLength(before.length);
  });

  it('lists 16 a page with a continuation; needs policies:write and directory:read', async () => {
    const other = await signInAs(ctx, { role: 'owner' });
    for (let i = 0; i < 17; i++)
      await createSource(
        ctx,
        other,
        `env:DLP_SECRET_${other.tenantSlug.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_D`,
      );
    const first = await ctx.app.inject({ url: '/api/v1/directory-sources', headers: other.headers });
    expect(first.json().items).toHaveLength(16);
    const second = await ctx.app.inject({
      url: `/api/v1/directory-sources?after=${first.json().next_after}`,
      headers: other.headers,
    });
    expect(second.json()).toMatchObject({ next_after: null });
    expect(second.json().items).toHaveLength(1);
    const analyst = await signInAs(ctx, { role: 'security_analyst', tenant: TENANT });
    const refused = await ctx.app.inject({ url: '/api/v1/directory-sources', headers: analyst.headers });
    expect(refused.statusCode).toBe(403);
  });

  it('another tenant’s source is the same 404 as a missing one; the switch clears verification', async () => {
    const other = await signInAs(ctx, { role: 'owner' });
    const foreign = await enable(ctx, other, source);
    const missing = await enable(ctx, other, '00000000-0000-4000-8000-000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const id = await createSource(ctx, owner, 'env:DLP_SECRET_ACME_DIRECTORY');
    expect((await enable(ctx, owner, id)).json()).toMatchObject({ enabled: true, verification: 'unknown' });
    expect((await lookup(ctx, owner, id, { kind: 'user', query: 'alice' })).statusCode).toBe(200);
    expect((await listedSource(ctx, owner, id)).item).toMatchObject({
      verification: 'verified',
    });
    expect((await enable(ctx, owner, id, false)).json()).toMatchObject({
      enabled: false,
      verification: 'unknown',
    });
    const off = await lookup(ctx, owner, id, { kind: 'user', query: 'alice' });
    expect(off.statusCode).toBe(409);
  });
});

describe('POST /directory-sources/{id}/lookup', () => {
  it('finds users (not selectable, enabled state read) and never offers a computer as a user', async () => {
    const res = await lookup(ctx, owner, source, { kind: 'user', query: 'a' + 'lice' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        kind: 'user',
        account_name: 'alice',
        enabled: true,
        selectable: false,
        source_id: source,
      }),
    ]);
    expect(res.body).not.toMatch(/member|tokenGroups/i);
    const carol = await lookup(ctx, owner, source, { kind: 'user', query: 'carol' });
    expect(carol.json().items[0]).toMatchObject({ enabled: false });
    const computer = await lookup(ctx, owner, source, { kind: 'user', query: 'DLPWS' });
    expect(computer.json().items).toEqual([]);
  });

  it('finds security groups (selectable, in the domain) but not distribution groups', async () => {
    const res = await lookup(ctx, owner, source, { kind: 'security_group', query: 'DLP-' });
    expect(names(res.json())).toEqual(['DLP-Analysts', 'DLP-Gone', 'DLP-Nested']);
    const sid = await peer.groupSid('DLP-Analysts');
    const analysts = res.json().items[0];
    expect(analysts).toMatchObject({ object_sid: sid, selectable: true, enabled: null });
    expect(sid.startsWith(`${analysts.domain_sid}-`)).toBe(true);
    const builtin = await lookup(ctx, owner, source, { kind: 'security_group', query: 'Administrators' });
    expect(builtin.json().items[0]).toMatchObject({ selectable: false });
  });

  it('looks an object up by SID: a renamed one is found, a deleted one is absent', async () => {
    const sid = await peer.groupSid('DLP-Gone');
    const found = await lookup(ctx, owner, source, { kind: 'security_group', object_sid: sid });
    expect(names(found.json())).toEqual(['DLP-Gone']);
    await peer.sambaTool('group', 'rename', 'DLP-Gone', '--samaccountname=DLP-Renamed');
    const renamed = await lookup(ctx, owner, source, { kind: 'security_group', object_sid: sid });
    expect(names(renamed.json())).toEqual(['DLP-Renamed']);
    await peer.sambaTool('group', 'delete', 'DLP-Renamed');
    const gone = await lookup(ctx, owner, source, { kind: 'security_group', object_sid: sid });
    expect(gone.json()).toEqual({ items: [], next_cursor: null });
  });

  it('treats filter syntax in a query as literal text', async () => {
    for (const query of ['*)(objectClass=*', 'a*', '\\2a', '*']) {
      const res = await lookup(ctx, owner, source, { kind: 'user', query: query.padEnd(2, '*') });
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toEqual([]);
    }
  });

  it('pages with a continuation bound to actor, query, kind, limit and the switch; it expires', async () => {
    const p1 = await lookup(ctx, owner, source, { kind: 'user', query: 'pager', limit: 2 });
    const cursor = p1.json().next_cursor;
    const p2 = await lookup(ctx, owner, source, { kind: 'user', query: 'pager', limit: 2, cursor });
    const p3 = await lookup(ctx, owner, source, {
      kind: 'user',
      query: 'pager',
      limit: 2,
      cursor: p2.json().next_cursor,
    });
    expect([...names(p1.json()), ...names(p2.json()), ...names(p3.json())]).toEqual([
      'pager01',
      'pager02',
      'pager03',
      'pager04',
      'pager05',
    ]);
    expect(p3.json().next_cursor).toBeNull();
    const admin = await signInAs(ctx, { role: 'admin', tenant: TENANT });
    const misuse = [
      await lookup(ctx, owner, source, { kind: 'user', query: 'pagex', limit: 2, cursor }),
      await lookup(ctx, owner, source, { kind: 'user', query: 'pager', limit: 3, cursor }),
      await lookup(ctx, owner, source, { kind: 'security_group', query: 'pager', limit: 2, cursor }),
      await lookup(ctx, admin, source, { kind: 'user', query: 'pager', limit: 2, cursor }),
    ];
    for (const r of misuse) {
      expect(r.statusCode).toBe(422);
      expect(r.json().details[0].field).toBe('cursor');
    }
    ctx.clock.advance(5 * 60_000);
    const late = await lookup(ctx, owner, source, { kind: 'user', query: 'pager', limit: 2, cursor });
    expect(late.statusCode).toBe(422);
    const fresh = (await lookup(ctx, owner, source, { kind: 'user', query: 'pager', limit: 2 })).json()
      .next_cursor;
    await enable(ctx, owner, source, false);
    await enable(ctx, owner, source, true);
    const switched = await lookup(ctx, owner, source, {
      kind: 'user',
      query: 'pager',
      limit: 2,
      cursor: fresh,
    });
    expect(switched.statusCode).toBe(422);
  });

  it('refuses malformed requests with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'user', query: 'a' }, 'query'],
      [{ kind: 'user', query: 'x'.repeat(129) }, 'query'],
      [{ kind: 'user' }, 'query'],
      [{ kind: 'user', query: 'alice', object_sid: 'S-1-5-21-1-2-3-500' }, 'query'],
      [{ kind: 'user', query: 'alice', limit: 101 }, 'limit'],
      [{ kind: 'user', object_id: '00000000-0000-4000-8000-000000000000' }, 'object_id'],
      [{ kind: 'user', object_sid: 'DLPTEST\\alice' }, 'object_sid'],
    ];
    for (const [payload, field] of cases) {
      const res = await lookup(ctx, owner, source, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(
        res
          .json()
          .details.map((d: { field: string }) => d.field)
          .join(' '),
      ).toContain(field);
    }
  });

  it('allows one attempt per source per second (429 with Retry-After)', async () => {
    await lookup(ctx, owner, source, { kind: 'user', query: 'alice' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/directory-sources/${source}/lookup`,
      headers: owner.headers,
      payload: { kind: 'user', query: 'alice' },
    });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('1');
  });

  it('needs directory:read and policies:write; a viewer and an analyst are refused', async () => {
    for (const role of ['viewer', 'security_analyst'] as const) {
      const who = await signInAs(ctx, { role, tenant: TENANT });
      expect((await lookup(ctx, who, source, { kind: 'user', query: 'alice' })).statusCode).toBe(403);
    }
  });

  it('an API token needs both scopes, policies:write and directory:read', async () => {
    const token = async (scopes: string[]) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/api-tokens',
        headers: owner.headers,
        payload: { name: `lookup ${scopes.join(' ')}`, scopes },
      });
      expect(res.statusCode).toBe(201);
      return { ...owner, headers: { authorization: `Bearer ${res.json().token}` } };
    };
    const payload = { kind: 'user', query: 'alice' };
    expect((await lookup(ctx, await token(['directory:read']), source, payload)).statusCode).toBe(403);
    expect((await lookup(ctx, await token(['policies:write']), source, payload)).statusCode).toBe(403);
    const both = await lookup(ctx, await token(['policies:write', 'directory:read']), source, payload);
    expect(both.statusCode).toBe(200);
  });

  it('answers 502 with a sanitized reason, records the failure, never an empty page', async () => {
    for (const [ref, reason] of [
      ['env:DLP_SECRET_ACME_WRONG', 'bind_refused'],
      ['env:DLP_SECRET_ACME_DOWN', 'unreachable'],
      ['env:DLP_SECRET_ACME_UNSET', 'credential'],
    ]) {
      const id = await createSource(ctx, owner, ref as string);
      await enable(ctx, owner, id);
      const res = await lookup(ctx, owner, id, { kind: 'user', query: 'alice' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'directory.unavailable',
        details: [{ field: 'reason', message: reason }],
      });
      expect(res.body).not.toContain('not-the-password');
      const row = await ctx.db
        .selectFrom('directory_sources')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ verification: 'failed', last_failure: reason });
    }
  });

  it('refuses a directory whose domain SID differs from the pinned one', async () => {
    const id = await createSource(ctx, owner, 'env:DLP_SECRET_ACME_DIRECTORY');
    await enable(ctx, owner, id);
    await ctx.db
      .updateTable('directory_sources')
      .set({ pinned_id: 'S-1-5-21-1-2-3' })
      .where('id', '=', id)
      .execute();
    const res = await lookup(ctx, owner, id, { kind: 'user', query: 'alice' });
    expect(res.json()).toMatchObject({
      code: 'directory.unavailable',
      details: [{ message: 'domain_changed' }],
    });
  });

  it('runs at most eight live searches per process', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) {
      const id = await createSource(ctx, owner, 'env:DLP_SECRET_ACME_STALL');
      await enable(ctx, owner, id);
      ids.push(id);
    }
    ctx.clock.advance(1_001);
    const running = ids.slice(0, 8).map((id) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/directory-sources/${id}/lookup`,
        headers: owner.headers,
        payload: { kind: 'user', query: 'alice' },
      }),
    );
    // The eight are connected (and hanging) before the ninth is asked.
    const deadline = Date.now() + 5_000;
    while (stall.connections() < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const ninth = await lookup(ctx, owner, ids[8] as string, { kind: 'user', query: 'alice' });
    expect(ninth.statusCode).toBe(429);
    stall.drop();
    for (const r of await Promise.all(running)) expect(r.statusCode).toBe(502);
  });

  it('ends a lookup at the deadline against a directory that accepts and never answers: sanitized 502, connection closed, slot freed', async () => {
    // Document 3's ten seconds (the default, config.test.ts), shortened through its setting.
    expect(ctx.config.directory.deadlineMs).toBe(10_000);
    const short = await createTestApp({
      env: {
        DLP_DIRECTORY_DEADLINE_MS: '200',
        DLP_SECRET_ACME_STALL: credentialOf(peer, { url: `ldaps://127.0.0.1:${stall.port}` }),
      },
    });
    try {
      const who = await signInAs(short, { role: 'owner', tenant: TENANT });
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) {
        const id = await createSource(short, who, 'env:DLP_SECRET_ACME_STALL');
        await enable(short, who, id);
        ids.push(id);
      }
      // Two rounds of eight, each filling every live-search slot: the second runs only if each
      // lookup of the first gave its slot back at the deadline.
      for (let round = 0; round < 2; round++) {
        const t0 = performance.now();
        const answers = await Promise.all(
          ids.map((id) => lookup(short, who, id, { kind: 'user', query: 'alice' })),
        );
        const took = performance.now() - t0;
        for (const res of answers) {
          expect(res.statusCode).toBe(502);
          expect(res.json()).toEqual({
            code: 'directory.unavailable',
            message: 'the directory could not be searched (timeout)',
            details: [{ field: 'reason', message: 'timeout' }],
          });
        }
        // At the deadline, not at the client's own five-second connect timeout.
        expect(took).toBeGreaterThanOrEqual(200);
        expect(took).toBeLessThan(4_500);
        // The deadline closed each connection (the listener sees them go).
        const until = Date.now() + 2_000;
        while (stall.connections() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
        expect(stall.connections()).toBe(0);
      }
      const row = await short.db
        .selectFrom('directory_sources')
        .selectAll()
        .where('id', '=', ids[0] as string)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ verification: 'failed', last_failure: 'timeout' });
    } finally {
      await short.close();
    }
  });

  it('audits a change of health by the system when a lookup fails and when it recovers, once each', async () => {
    const eta = await signInAs(ctx, { role: 'owner', tenant: 'eta' });
    const id = await createSource(ctx, eta, 'env:DLP_SECRET_ETA_RELAY');
    await enable(ctx, eta, id);
    relay.down();
    for (let i = 0; i < 2; i++) {
      const res = await lookup(ctx, eta, id, { kind: 'user', query: 'alice' });
      expect(res.json()).toMatchObject({
        code: 'directory.unavailable',
        details: [{ message: 'unreachable' }],
      });
    }
    const failed = { actor: 'system', name: 'Corporate AD', state: 'failed', failure: 'unreachable' };
    expect(await healthAudits(eta.tenantId)).toEqual([expect.objectContaining(failed)]);
    relay.up();
    for (let i = 0; i < 2; i++) {
      const res = await lookup(ctx, eta, id, { kind: 'user', query: 'alice' });
      expect(names(res.json())).toEqual(['alice']);
    }
    expect(await healthAudits(eta.tenantId)).toEqual([
      expect.objectContaining(failed),
      expect.objectContaining({ actor: 'system', state: 'verified', failure: null }),
    ]);
  });

  it('stores the cloud-directory kind; its live calls are not made by this build (502 not_supported)', async () => {
    const id = await createSource(ctx, owner, 'env:DLP_SECRET_ACME_CLOUD', {
      source_kind: 'directory_cloud',
    });
    await enable(ctx, owner, id);
    expect((await listedSource(ctx, owner, id)).item).toMatchObject({
      kind: 'directory_cloud',
    });
    const bySid = await lookup(ctx, owner, id, { kind: 'security_group', object_sid: 'S-1-5-21-1-2-3-4' });
    expect(bySid.json().details[0].field).toBe('object_sid');
    const res = await lookup(ctx, owner, id, { kind: 'security_group', query: 'Sales' });
    expect(res.json()).toMatchObject({
      code: 'directory.unavailable',
      details: [{ message: 'not_supported' }],
    });
  });
});

describe('GET /agents/unmanaged', () => {
  it('lists enabled directory computers with no active agent, per source, cached five minutes, never stored', async () => {
    const beta = await signInAs(ctx, { role: 'owner', tenant: 'beta' });
    const live = await createSource(ctx, beta, 'env:DLP_SECRET_BETA_DIRECTORY');
    await enable(ctx, beta, live);
    const down = await createSource(ctx, beta, 'env:DLP_SECRET_BETA_DOWN');
    await enable(ctx, beta, down);
    const agent = await insertEndpoint(ctx, beta.tenantId);
    await ctx.db
      .updateTable('devices')
      .set({ hostname: 'dlpws02.dlp.test' })
      .where('id', '=', agent)
      .execute();
    const get = (url = '/api/v1/agents/unmanaged') => ctx.app.inject({ url, headers: beta.headers });
    ctx.clock.advance(1_001);
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const listed = body.items.map((i: { name: string }) => i.name);
    expect(listed).toContain('DLPWS01');
    expect(listed).toContain('DC1');
    expect(listed).not.toContain('DLPWS02');
    expect(listed).not.toContain('DLPWS03');
    expect(body.items.find((i: { name: string }) => i.name === 'DC1')).toEqual({
      name: 'DC1',
      dns_host_name: 'dc1.dlp.test',
      operating_system: 'Samba',
      source_id: live,
    });
    expect(body).toMatchObject({ total: listed.length, stale_after_days: 90, incomplete: true, stale: 0 });
    expect(body.sources).toHaveLength(2);
    expect(body.sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: live, state: 'counted', failure: null, truncated: false }),
        expect.objectContaining({ id: down, state: 'failed', failure: 'unreachable', computers: 0 }),
      ]),
    );
    const paged = await get('/api/v1/agents/unmanaged?limit=1&offset=1');
    expect(paged.json().items).toEqual([body.items[1]]);
    // Cached: a computer added now shows only after five minutes.
    await peer.sambaTool('computer', 'add', 'DLPWS04');
    await peer.sambaTool('user', 'enable', 'DLPWS04$');
    ctx.clock.advance(60_000);
    expect((await get()).json().items.map((i: { name: string }) => i.name)).not.toContain('DLPWS04');
    ctx.clock.advance(4 * 60_000);
    expect((await get()).json().items.map((i: { name: string }) => i.name)).toContain('DLPWS04');
    // Never stored: the database files do not hold a computer name.
    for (const f of fs.readdirSync(ctx.dataDir, { recursive: true }) as string[]) {
      const full = path.join(ctx.dataDir, f);
      if (fs.statSync(full).isFile()) expect(fs.readFileSync(full).includes('DLPWS01'), f).toBe(false);
    }
  });

  it('answers total null when no source counted, needs agents:read, refuses an endpoint-group-scoped role', async () => {
    const gamma = await signInAs(ctx, { role: 'owner' });
    const none = await ctx.app.inject({ url: '/api/v1/agents/unmanaged', headers: gamma.headers });
    expect(none.json()).toMatchObject({ total: null, items: [], sources: [], incomplete: false });
    const scoped = await signInAs(ctx, { role: 'security_analyst', tenant: gamma.tenantSlug });
    const session = ctx.app.auth.authenticators[0]!;
    ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
      if (credential.value !== scoped.token) return null;
      const p: Principal | null = await session(credential, request, services);
      return p ? { ...p, incidentScope: ['00000000-0000-4000-8000-000000000001'] } : null;
    });
    const refused = await ctx.app.inject({ url: '/api/v1/agents/unmanaged', headers: scoped.headers });
    expect(refused.statusCode).toBe(403);
  });
});

describe('department attribution', () => {
  it('fills open incidents of a person by account or principal name; closed ones and disabled accounts stay empty', async () => {
    const delta = await signInAs(ctx, { role: 'owner', tenant: 'delta' });
    const id = await createSource(ctx, delta, 'env:DLP_SECRET_DELTA_DIRECTORY');
    await enable(ctx, delta, id);
    const byAccount = await unattributedIncident(ctx, delta.tenantId, 'DLPTEST\\pager01');
    const byPrincipal = await unattributedIncident(ctx, delta.tenantId, 'pager01@dlp.test');
    const closed = await unattributedIncident(ctx, delta.tenantId, 'pager01', 'closed');
    const disabled = await unattributedIncident(ctx, delta.tenantId, 'dora');
    const unknown = await unattributedIncident(ctx, delta.tenantId, 'nobody');
    ctx.clock.advance(1_001);
    expect(await resolveDepartments(ctx.app.deps, ctx.config)).toBe(2);
    for (const i of [byAccount, byPrincipal])
      expect(await departmentOf(ctx, i)).toEqual({
        department: 'Dept 01',
        source: 'directory',
        reason: 'directory_source',
      });
    for (const i of [closed, disabled, unknown]) expect((await departmentOf(ctx, i)).department).toBeNull();
    const shown = await ctx.app.inject({ url: `/api/v1/incidents/${byAccount}`, headers: delta.headers });
    expect(shown.json()).toMatchObject({ department: 'Dept 01', department_source: 'directory' });
    // Answers are kept 24 hours: a person asked again within the day is not searched again.
    const later = await unattributedIncident(ctx, delta.tenantId, 'nobody');
    await peer.sambaTool('user', 'add', 'nobody', 'Passw0rd!Nobody1', '--department=Sales');
    ctx.clock.advance(60 * 60_000);
    await resolveDepartments(ctx.app.deps, ctx.config);
    expect((await departmentOf(ctx, later)).department).toBeNull();
    ctx.clock.advance(24 * 60 * 60_000);
    await resolveDepartments(ctx.app.deps, ctx.config);
    expect((await departmentOf(ctx, later)).department).toBe('Sales');
  });

  it('rests a failed source 15 minutes and audits each health change by the system, down and back up', async () => {
    const epsilon = await signInAs(ctx, { role: 'owner', tenant: 'epsilon' });
    const id = await createSource(ctx, epsilon, 'env:DLP_SECRET_EPSILON_RELAY');
    await enable(ctx, epsilon, id);
    await unattributedIncident(ctx, epsilon.tenantId, 'alice');
    const restingUntil = async () =>
      (
        await ctx.db
          .selectFrom('directory_sources')
          .select('resting_until')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).resting_until;
    relay.down();
    ctx.clock.advance(1_001);
    await resolveDepartments(ctx.app.deps, ctx.config);
    const failed = { actor: 'system', state: 'failed', failure: 'unreachable' };
    expect(await healthAudits(epsilon.tenantId)).toEqual([expect.objectContaining(failed)]);
    const rest = await restingUntil();
    expect(rest).toBe(new Date(ctx.clock.now().getTime() + 15 * 60_000).toISOString());
    // Resting: not asked again within the 15 minutes.
    ctx.clock.advance(10 * 60_000);
    await resolveDepartments(ctx.app.deps, ctx.config);
    expect(await restingUntil()).toBe(rest);
    // Still down after the rest: a new rest, and no second audit (the health did not change).
    ctx.clock.advance(6 * 60_000);
    await resolveDepartments(ctx.app.deps, ctx.config);
    expect(await restingUntil()).not.toBe(rest);
    expect(await healthAudits(epsilon.tenantId)).toHaveLength(1);
    // Back up: the next pass after the rest reaches it, and the recovery is audited.
    relay.up();
    ctx.clock.advance(16 * 60_000);
    await resolveDepartments(ctx.app.deps, ctx.config);
    expect(await healthAudits(epsilon.tenantId)).toEqual([
      expect.objectContaining(failed),
      expect.objectContaining({ actor: 'system', state: 'verified', failure: null }),
    ]);
  });
});

describe('scope preview directories', () => {
  it('reads each named domain’s verification from the stored source rows', async () => {
    let zeta = await signInAs(ctx, { role: 'owner', tenant: 'zeta' });
    const sid = await peer.groupSid('DLP-Analysts');
    const domain = sid.slice(0, sid.lastIndexOf('-'));
    const preview = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/policies/scope-preview',
        headers: zeta.headers,
        payload: {
          scope: {
            include_targets: [
              {
                kind: 'directory_group',
                source: { type: 'windows_directory', domain_sid: domain },
                object_id: sid,
              },
              {
                kind: 'directory_group',
                source: { type: 'windows_directory', domain_sid: 'S-1-5-21-1-2-3' },
                object_id: 'S-1-5-21-1-2-3-512',
              },
            ],
          },
        },
      });
      expect(res.statusCode).toBe(200);
      return res.json().directories;
    };
    expect(await preview()).toEqual([
      { domain_sid: 'S-1-5-21-1-2-3', verification: 'no_source', last_verified_at: null },
      { domain_sid: domain, verification: 'no_source', last_verified_at: null },
    ]);
    const id = await createSource(ctx, zeta, 'env:DLP_SECRET_ZETA_DIRECTORY');
    await enable(ctx, zeta, id);
    expect((await preview())[1]).toMatchObject({ verification: 'unknown' });
    await lookup(ctx, zeta, id, { kind: 'security_group', query: 'DLP-' });
    const at = ctx.clock.now().toISOString();
    expect(await preview()).toEqual([
      { domain_sid: 'S-1-5-21-1-2-3', verification: 'no_source', last_verified_at: null },
      { domain_sid: domain, verification: 'verified', last_verified_at: at },
    ]);
    ctx.clock.advance(25 * 3_600_000);
    zeta = await signInAs(ctx, { role: 'owner', tenant: 'zeta' });
    expect((await preview())[1]).toEqual({ domain_sid: domain, verification: 'stale', last_verified_at: at });
  });
});
