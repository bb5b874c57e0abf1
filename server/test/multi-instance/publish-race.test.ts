import { describe, expect, it } from 'vitest';
import { getStoredBundles } from '../../src/modules/bundles/public.js';
import { consoleCalls, signInAs } from '../helpers/index.js';
import { cardsToUsb } from '../policies/policy-app.js';
import { sharedPostgres } from './instances.js';

const pg = sharedPostgres();

/**
 * The compiling lock holds across instances (issue 23): two apps on one PostgreSQL database
 * publish and compile at once; every action succeeds, each compile gets its own bundle version
 * and the versions each instance sees strictly increase.
 */
describe('two instances racing to publish', { timeout: 180_000 }, () => {
  it('produce strictly increasing bundle versions, never two bundles with one version', async () => {
    const { a, b, close } = await pg.twoInstances();
    try {
      const owner = await signInAs(a, { role: 'owner' });
      const on = [
        consoleCalls(
          () => a,
          () => owner.headers,
        ),
        consoleCalls(
          () => b,
          () => owner.headers,
        ),
      ];
      const ids: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        const draft = cardsToUsb(`first release of rule ${i}`, { name: `Rule ${i}` });
        const r = await on[i % 2]?.post('/policies', draft);
        expect(r?.statusCode, r?.body).toBe(201);
        ids.push(r?.json().policy_id);
      }
      const publishes = ids.map((id, i) => on[i % 2]?.post(`/policies/${id}/versions/1/publish`));
      const compiles = [0, 1, 2, 3].map((i) => on[i % 2]?.post('/policy-bundles/compile'));
      const answers = await Promise.all([...publishes, ...compiles]);
      for (const r of answers) expect(r?.statusCode, r?.body).toBeLessThan(300);
      const released = answers.slice(0, ids.length).map((r) => r?.json());
      for (const r of released) expect(r.status).toBe('published');

      const total = ids.length + compiles.length;
      const bundles = await getStoredBundles(
        a.db,
        owner.tenantId,
        Array.from({ length: total + 4 }, (_, i) => i + 1),
      );
      // Versions 1..total, each once (a duplicate would fail the insert; a gap means a lost compile).
      expect([...bundles.keys()].sort((x, y) => x - y)).toEqual(
        Array.from({ length: total }, (_, i) => i + 1),
      );
      const shipped = (v: number) => bundles.get(v)?.payload?.policies.length ?? -1;
      // Each compile reads what the one before it committed: a later bundle never ships fewer policies.
      for (let v = 2; v <= total; v += 1) expect(shipped(v)).toBeGreaterThanOrEqual(shipped(v - 1));
      expect(shipped(total)).toBe(ids.length);
      const fromPublishes = released.map((r) => r.bundle_version as number);
      expect(new Set(fromPublishes).size).toBe(ids.length);
    } finally {
      await close();
    }
  });
});
