import { describe, expect, it } from 'vitest';
import { type AgentHarness, enrolDevice, PublishedPolicies, signed } from '../agents/agent-harness.js';
import { consoleCalls, signInAs } from '../helpers/index.js';
import { sharedPostgres } from './instances.js';

const pg = sharedPostgres();

/**
 * The policy fetch's answer is kept serialised per tenant and bundle version on each instance
 * (server/src/modules/agent-api/policy-answers.ts). Each fetch still reads the newest version,
 * so a publish on one instance is served by the other from the very next fetch, and one tenant's
 * kept bytes never reach another tenant's endpoint, even at the same version number.
 */
describe('the kept policy answer', { timeout: 180_000 }, () => {
  it('serves a publish on either instance at the next fetch, and each tenant its own bundle', async () => {
    const { a, b, close } = await pg.twoInstances();
    try {
      const port = new PublishedPolicies();
      const tenantOf = async (slug: string) => {
        const owner = await signInAs(a, { role: 'owner', tenant: slug });
        const h = (ctx: typeof a): AgentHarness => ({ ctx, port, owner, close: async () => {} });
        const device = await enrolDevice(h(a));
        const on = [a, b].map((ctx) =>
          consoleCalls(
            () => ctx,
            () => owner.headers,
          ),
        );
        const fetchOn = async (ctx: typeof a) => {
          const r = await signed(h(ctx), device, 'GET', '/api/v1/agent/policy');
          expect(r.statusCode, r.body).toBe(200);
          expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
          return r.json() as {
            bundle_version: number;
            bundle: { key_id: string; signature_b64: string } | null;
          };
        };
        // A compile signs a new bundle version of the tenant's released set (as a publish does).
        const publish = async (i: 0 | 1) => {
          const r = await on[i]!.post('/policy-bundles/compile');
          expect(r.statusCode, r.body).toBeLessThan(300);
          return r.json().bundle_version as number;
        };
        return { fetchOn, publish };
      };

      const one = await tenantOf('cache-one');
      const two = await tenantOf('cache-two');
      const v1 = await one.publish(0);
      // Both instances keep version v1's answer.
      const firstA = await one.fetchOn(a);
      const firstB = await one.fetchOn(b);
      expect(firstA.bundle_version).toBe(v1);
      expect(firstB).toEqual(firstA);

      // A publish on B is served by A at its next fetch (and by B).
      const v2 = await one.publish(1);
      expect(v2).toBeGreaterThan(v1);
      const nextA = await one.fetchOn(a);
      expect(nextA.bundle_version).toBe(v2);
      expect(nextA.bundle).not.toEqual(firstA.bundle);
      expect(await one.fetchOn(b)).toEqual(nextA);

      // Another tenant at the same version numbers gets its own signed bundle, never the kept one.
      expect(await two.publish(0)).toBe(v1);
      const otherA = await two.fetchOn(a);
      expect(otherA.bundle_version).toBe(v1);
      expect(otherA.bundle?.key_id).not.toBe(firstA.bundle?.key_id);
      expect(otherA.bundle).not.toEqual(firstA.bundle);
      expect(await two.fetchOn(b)).toEqual(otherA);
      expect(await two.publish(1)).toBe(v2);
      const otherNext = await two.fetchOn(a);
      expect(otherNext.bundle_version).toBe(v2);
      expect(otherNext.bundle).not.toEqual(nextA.bundle);
      expect(await one.fetchOn(a)).toEqual(nextA);
      expect(await one.fetchOn(b)).toEqual(nextA);
    } finally {
      await close();
    }
  });
});
