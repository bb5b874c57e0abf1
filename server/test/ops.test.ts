import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createMetrics } from '../src/http/metrics.js';
import { buildOpsApp } from '../src/ops.js';
import { createTestApp, makeTempDir, signInAs } from './helpers/index.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

describe('operations listener', () => {
  it('is live at once and ready only when migrations are current', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const { db } = connectDatabase({ dataDir, databaseUrl: null });
    const ops = await buildOpsApp({ db, metrics: createMetrics() });
    try {
      const live = await ops.inject({ url: '/healthz', headers: { 'x-request-id': 'mine' } });
      expect(live.json()).toEqual({ status: 'ok' });
      expect(live.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const before = await ops.inject('/readyz');
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: 'migrations_pending' });
      await migrateToLatest(db);
      const after = await ops.inject('/readyz');
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: 'ready' });
      await db.destroy();
      const down = await ops.inject('/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'database_unreachable' });
    } finally {
      await ops.close();
    }
  });

  it('counts API requests by route template and status, without ids or tenant data', async () => {
    const ctx = await createTestApp();
    try {
      const who = await signInAs(ctx, { role: 'owner', tenant: 'secret-tenant-slug' });
      await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: who.headers });
      await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing/0f8fad5b-d9cb-469f-a165-70867728950e' });
      const ops = await buildOpsApp({ db: ctx.db, metrics: ctx.app.deps.metrics });
      try {
        const text = (await ops.inject('/metrics')).body;
        expect(text).toContain(
          'http_requests_total{method="GET",route="/api/v1/openapi.json",status="200"} 1',
        );
        expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
        expect(text).toMatch(
          /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/openapi.json",status="200"\} 1/,
        );
        expect(text).not.toContain('0f8fad5b');
        expect(text).not.toContain('secret-tenant-slug');
      } finally {
        await ops.close();
      }
    } finally {
      await ctx.close();
    }
  });
});
