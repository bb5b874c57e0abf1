import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { consoleCalls, signInAs } from '../helpers/index.js';
import { sharedPostgres } from './instances.js';

const cluster = sharedPostgres();

/**
 * Trust-set changes take the tenant's compiling lock (issue 23, docs/deploy.md): while another
 * instance holds it (here a plain connection holding the same advisory lock, as a compile on a
 * third instance would), a signing-key rotation step waits for it in the database, and goes on
 * once it is released. Waiting is observed in `pg_locks`, not guessed from time.
 */
describe('signing key rotation under the compiling lock', { timeout: 180_000 }, () => {
  it('waits for a compile holding the tenant lock on another instance, then completes', async () => {
    const { a, b, close } = await cluster.twoInstances();
    const holder = new pg.Client({ connectionString: a.config.databaseUrl! });
    try {
      const owner = await signInAs(a, { role: 'owner' });
      const onB = consoleCalls(
        () => b,
        () => owner.headers,
      );
      await holder.connect();
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(1, hashtext($1))', [owner.tenantId]);

      let settled = false;
      const rotation = onB.post('/system/signing-keys/rotation').finally(() => {
        settled = true;
      });
      const waiting = async () =>
        Number(
          (
            await holder.query(
              `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
                 and classid = 1 and objid = hashtext($1)::oid`,
              [owner.tenantId],
            )
          ).rows[0].n,
        );
      // The step must reach the database lock and wait there (it would finish at once without it).
      const deadline = Date.now() + 60_000;
      while ((await waiting()) === 0) {
        expect(settled, 'the rotation finished without waiting for the lock').toBe(false);
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(settled).toBe(false);
      await holder.query('commit');
      const r = await rotation;
      expect(r.statusCode, r.body).toBe(200);
      expect(
        r
          .json()
          .keys.map((k: { state: string }) => k.state)
          .sort(),
      ).toEqual(['active', 'incoming']);
    } finally {
      await holder.end().catch(() => undefined);
      await close();
    }
  });
});
