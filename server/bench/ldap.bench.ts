/**
 * Directory sign-in and directory lookup against the local Samba AD DC
 * (server/test/ldap/samba-dc.sh). One POST /auth/ldap/login is a service bind, a search, the
 * person's bind, a tokenGroups read (each on a fresh TLS connection) and the session. One
 * POST /directory-sources/{id}/lookup is a service bind, the domain SID check and one sorted
 * search on a fresh TLS connection. Prints figures; asserts only the answers.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createSource, credentialOf, enable } from '../test/directory-sources/directory-app.js';
import { signInAs } from '../test/helpers/sign-in.js';
import type { TestContext } from '../test/helpers/test-app.js';
import { createLdapApp, ldapLogin, ownerWithLdap } from '../test/ldap/ldap-app.js';
import { type SambaPeer, startSambaPeer } from '../test/ldap/samba-peer.js';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

let peer: SambaPeer;
let ctx: TestContext;
beforeAll(async () => {
  peer = await startSambaPeer();
  ctx = await createLdapApp(peer, { DLP_SECRET_ACME_LOOKUP: credentialOf(peer) });
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

async function timed(n: number, call: () => Promise<{ statusCode: number }>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await call();
    times.push(performance.now() - t0);
    expect(res.statusCode).toBe(200);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (n=${n})`;
}

test('LDAP sign-in over LDAPS (Samba AD DC on loopback)', async () => {
  await ownerWithLdap(ctx, peer);
  const figures = await timed(100, () => ldapLogin(ctx, 'alice@dlp.test', 'Passw0rd!Alice1'));
  console.log(`LDAP sign-in (LDAPS, Samba 4.17 on loopback): ${figures}`);
});

test('directory lookup over LDAPS (Samba AD DC on loopback)', async () => {
  const owner = await signInAs(ctx, { role: 'owner', tenant: 'acme' });
  const id = await createSource(ctx, owner, 'env:DLP_SECRET_ACME_LOOKUP');
  await enable(ctx, owner, id);
  let i = 0;
  const figures = await timed(100, () => {
    // One attempt per source per second: the test clock moves a second between calls.
    ctx.clock.advance(1_001);
    const kind = i++ % 2 === 0 ? 'user' : 'security_group';
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/directory-sources/${id}/lookup`,
      headers: owner.headers,
      payload: { kind, query: kind === 'user' ? 'al' : 'DLP' },
    });
  });
  console.log(`directory lookup (LDAPS, Samba 4.17 on loopback, users and groups): ${figures}`);
});
