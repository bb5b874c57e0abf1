/**
 * Cost of the authentication core, to size a server: how long one argon2id password check takes
 * (every password sign-in pays it; the two cores bound sign-ins per second), and how many
 * authenticated API requests per second the session lookup and per-request permission
 * resolution allow on SQLite (through app.inject, so no TLS or socket cost is included).
 * Prints figures; asserts only that the answers are right, never a timing.
 */
import { performance } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import { hashPassword, verifyPassword } from '../src/http/passwords.js';
import { createTestApp, signInAs } from '../test/helpers/index.js';
import { probeModule } from '../test/helpers/probe-module.js';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

test('argon2id password check', async () => {
  const hash = await hashPassword('correct horse battery staple');
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `argon2id verify (19 MiB, t=2, p=1): p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, ` +
      `~${Math.round(1000 / percentile(times, 50))} checks/s per core`,
  );
});

test('authenticated request (session lookup + permission resolution)', async () => {
  const ctx = await createTestApp({ extraModules: [probeModule] });
  try {
    const who = await signInAs(ctx, { role: 'admin' });
    const n = 2000;
    const times: number[] = [];
    const start = performance.now();
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/probe/whoami', headers: who.headers });
      times.push(performance.now() - t0);
      if (i === 0) expect(res.json().user_id).toBe(who.userId);
    }
    const total = performance.now() - start;
    times.sort((a, b) => a - b);
    console.log(
      `authenticated GET via inject, SQLite: ${Math.round((n / total) * 1000)} req/s, ` +
        `p50 ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms (n=${n})`,
    );
  } finally {
    await ctx.close();
  }
});
