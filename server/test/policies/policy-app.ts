import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import {
  type ConsoleCalls,
  consoleCalls,
  createTestApp,
  type SignedIn,
  signInAs,
  type TestContext,
} from '../helpers/index.js';

type Response = Promise<LightMyRequestResponse>;

/** The app of one policy test, fresh for each test; read its parts inside a test or hook. */
export interface PolicyApp extends ConsoleCalls {
  readonly ctx: TestContext;
  /** The owner of a fresh tenant; `get` and `post` call as this person. */
  readonly owner: SignedIn;
  /** An admin of the owner's tenant (asked for with `also: ['admin']`). */
  readonly admin: SignedIn;
  /** A security analyst of the owner's tenant (asked for with `also: ['security_analyst']`). */
  readonly analyst: SignedIn;
  postAs(who: SignedIn, url: string, payload?: unknown): Response;
  getAs(who: SignedIn, url: string): Response;
  /** Signs the owner in again at the clock's time (sessions idle out while a test moves it). */
  signInOwnerAgain(): Promise<void>;
}

/**
 * Registers the setup the policy test files share: before each test a real app over a fresh
 * SQLite file with a signed-in owner (and the other people asked for), closed after it.
 */
export function policyApp(
  options: { also?: readonly ('admin' | 'security_analyst')[]; env?: Record<string, string> } = {},
): PolicyApp {
  let ctx: TestContext | undefined;
  const people = new Map<string, SignedIn>();
  const person = (role: string): SignedIn => {
    const who = people.get(role);
    if (!who) throw new Error(`policyApp: no ${role} (ask for it in \`also\`)`);
    return who;
  };
  const app = (): TestContext => {
    if (!ctx) throw new Error('policyApp: read the app inside a test or hook');
    return ctx;
  };
  beforeEach(async () => {
    ctx = await createTestApp(options.env ? { env: options.env } : {});
    people.clear();
    const owner = await signInAs(ctx, { role: 'owner' });
    people.set('owner', owner);
    for (const role of options.also ?? [])
      people.set(role, await signInAs(ctx, { role, tenant: owner.tenantSlug }));
  });
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });
  const calls = (who: () => SignedIn) => consoleCalls(app, () => who().headers);
  return {
    get ctx() {
      return app();
    },
    get owner() {
      return person('owner');
    },
    get admin() {
      return person('admin');
    },
    get analyst() {
      return person('security_analyst');
    },
    ...calls(() => person('owner')),
    postAs: (who, url, payload) => calls(() => who).post(url, payload),
    getAs: (who, url) => calls(() => who).get(url),
    async signInOwnerAgain() {
      people.set('owner', await signInAs(app(), { role: 'owner', tenant: person('owner').tenantSlug }));
    },
  };
}

/** A detector policy on cards copied to USB for the Finance group; `over` replaces any field. */
export const cardsToUsb = (changeReason: string, over: Record<string, unknown> = {}) => ({
  name: 'Cards to USB',
  severity: 'high',
  scope: { channels: ['removable_storage'], agent_groups: ['Finance'] },
  condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
  response: 'audit',
  change_reason: changeReason,
  ...over,
});

/** The fields a refusal names, in order. */
export const refusedFields = (r: LightMyRequestResponse): string[] =>
  (r.json().details as { field: string }[]).map((d) => d.field);
