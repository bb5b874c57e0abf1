import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { createTestApp, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';

export interface Views {
  ctx: TestContext;
  owner: SignedIn;
  admin: SignedIn;
  analyst: SignedIn;
  other: SignedIn;
  stranger: SignedIn;
  call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: SignedIn,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  team(name: string, ...members: SignedIn[]): Promise<string>;
  view(who: SignedIn, body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  table(name: 'saved_views' | 'teams' | 'team_members' | 'audit_events'): Promise<unknown[]>;
}

export const STATE = { filters: [{ name: 'status', value: 'open' }], sort: 'priority:desc' };

/** One tenant with an Owner (tenant:write), an Admin (users:write, no tenant:write), two analysts; a second tenant. */
export function useViews(): { v: Views } {
  const holder = {} as { v: Views };
  beforeEach(async () => {
    const ctx = await createTestApp();
    const owner = await signInAs(ctx, { role: 'owner' });
    const tenant = owner.tenantSlug;
    const admin = await signInAs(ctx, { role: 'admin', tenant });
    const analyst = await signInAs(ctx, { role: 'security_analyst', tenant });
    const other = await signInAs(ctx, { role: 'security_analyst', tenant });
    const stranger = await signInAs(ctx, { role: 'owner' });
    const call: Views['call'] = (method, url, who, body) =>
      ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: who.headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
    const team = async (name: string, ...members: SignedIn[]) => {
      const r = await call('POST', '/teams', admin, { name });
      if (r.statusCode !== 201) throw new Error(`team: ${r.body}`);
      const id = r.json().id as string;
      for (const m of members) await call('POST', `/teams/${id}/members`, admin, { user_id: m.userId });
      return id;
    };
    const view: Views['view'] = (who, body) =>
      call('POST', '/saved-views', who, {
        surface: 'incidents',
        name: 'Open',
        state: STATE,
        visibility: 'me',
        ...body,
      });
    const table: Views['table'] = (name) => ctx.db.selectFrom(name).selectAll().execute();
    holder.v = { ctx, owner, admin, analyst, other, stranger, call, team, view, table };
  });
  afterEach(async () => holder.v.ctx.close());
  return holder;
}
