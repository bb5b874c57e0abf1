/**
 * Directory sign-in against the local Samba AD DC (server/test/ldap/samba-dc.sh): one
 * POST /auth/ldap/login is a service bind, a search, the person's bind, a tokenGroups read (each
 * on a fresh TLS connection) and the session. Prints figures; asserts only the answers.
 */
import { performance } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import { createLdapApp, ldapLogin, ownerWithLdap } from '../test/ldap/ldap-app.js';
import { startSambaPeer } from '../test/ldap/samba-peer.js';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

test('LDAP sign-in over LDAPS (Samba AD DC on loopback)', async () => {
  const peer = await startSambaPeer();
  const ctx = await createLdapApp(peer);
  try {
    await ownerWithLdap(ctx, peer);
    const n = 100;
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await ldapLogin(ctx, 'alice@dlp.test', 'Passw0rd!Alice1');
      times.push(performance.now() - t0);
      expect(res.statusCode).toBe(200);
    }
    times.sort((a, b) => a - b);
    console.log(
      `LDAP sign-in (LDAPS, Samba 4.17 on loopback): p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(1)} ms (n=${n})`,
    );
  } finally {
    await ctx.close();
    await peer.close();
  }
});
