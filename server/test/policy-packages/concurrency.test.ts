import { afterEach, describe, expect, it } from 'vitest';
import { MODULES } from '../../src/modules/index.js';
import { policyPackageRoutes, policyPackagesModule } from '../../src/modules/policy-packages/public.js';
import { createTestApp, type TestContext } from '../helpers/index.js';
import { as, pciPolicy, twoTenants } from './package-app.js';

/**
 * Document 1, Limits: at most four package dry runs or imports per tenant at once; the fifth is
 * 429. Requests are held inside their slot by a gate the test opens, so no timing is involved.
 */
let ctx: TestContext | undefined;
afterEach(async () => ctx?.close());

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  const waiting: (() => void)[] = [];
  let held = 0;
  return {
    open,
    held: () => held,
    /** Resolves once `n` requests wait at the gate. */
    until: (n: number) =>
      new Promise<void>((r) => {
        const check = () => (held >= n ? r() : waiting.push(check));
        check();
      }),
    async admitted() {
      held++;
      for (const w of waiting.splice(0)) w();
      await opened;
    },
  };
}

describe('concurrent package requests', () => {
  it('the fifth of one tenant is refused with 429 while four are in flight; other tenants go on', async () => {
    const g = gate();
    let heldTenant = '';
    const routes = policyPackageRoutes({
      admitted: (tenantId) => (tenantId === heldTenant ? g.admitted() : Promise.resolve()),
    });
    ctx = await createTestApp({ modules: [...MODULES.filter((m) => m !== policyPackagesModule), routes] });
    const c = ctx;
    const { a, b } = await twoTenants(c);
    const A = as(
      () => c,
      () => a,
    );
    const B = as(
      () => c,
      () => b,
    );
    const card = { ...pciPolicy, condition: { op: 'detector', detector_id: 'payment_card' } };
    const id = (await A.post('/policies', card)).json().policy_id;
    const pkg = (await A.get(`/policies/${id}/versions/1/package`)).json();
    expect(pkg.digest).toMatch(/^[0-9a-f]{64}$/);
    heldTenant = b.tenantId;

    // inject dispatches on then(): start the four now.
    const four = [1, 2, 3, 4].map(() => B.post('/policy-packages/dry-run', { package: pkg }).then((r) => r));
    await g.until(4);
    const fifth = await B.post('/policy-packages/import', { package: pkg });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('policy_package.busy');
    // Another tenant has its own four.
    expect((await A.post('/policy-packages/dry-run', { package: pkg })).statusCode).toBe(200);
    g.open();
    for (const r of await Promise.all(four)) expect(r.statusCode).toBe(200);
    expect(g.held()).toBe(4);
    // The slots are free again.
    heldTenant = '';
    expect((await B.post('/policy-packages/dry-run', { package: pkg })).statusCode).toBe(200);
  });
});
