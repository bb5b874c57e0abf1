import type { InjectOptions } from 'fastify';
import { type SignedIn, signInAs, stepUp } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';

/** Small helpers for the custom-role route tests (document 3, Custom roles). */
export function api(
  ctx: TestContext,
  who: SignedIn | { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: InjectOptions['payload'],
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** POST /roles after a fresh role_change step-up; answers the raw response. */
export async function postRole(ctx: TestContext, who: SignedIn, body: Record<string, unknown>) {
  await stepUp(ctx, who, 'role_change');
  return api(ctx, who, 'POST', '/roles', body);
}

export async function putRole(ctx: TestContext, who: SignedIn, id: string, body: Record<string, unknown>) {
  await stepUp(ctx, who, 'role_change');
  return api(ctx, who, 'PUT', `/roles/${id}`, body);
}

/** A created role's id; fails loudly when the definition was refused. */
export async function roleId(
  ctx: TestContext,
  who: SignedIn,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await postRole(ctx, who, body);
  if (res.statusCode !== 201) throw new Error(`role refused: ${res.body}`);
  return res.json().id as string;
}

export async function endpointGroup(ctx: TestContext, owner: SignedIn, name: string): Promise<string> {
  const res = await api(ctx, owner, 'POST', '/agent-groups', { name });
  if (res.statusCode !== 201) throw new Error(`group refused: ${res.body}`);
  return res.json().id as string;
}

/** A person holding the custom role, signed in on a session of the same tenant. */
export function holder(ctx: TestContext, tenant: string, customRoleId: string) {
  return signInAs(ctx, { role: 'custom', tenant, customRoleId });
}
