import { randomUUID } from 'node:crypto';
import { insertSession, insertUser } from '../../src/http/auth-store.js';
import { hashPassword } from '../../src/http/passwords.js';
import type { RoleId } from '../../src/http/roles.js';
import { recordStepUp, type StepUpPurpose } from '../../src/http/step-up.js';
import { findTenantBySlug, insertTenant } from '../../src/modules/tenants/store.js';
import type { TestContext } from './test-app.js';

export interface SignedIn {
  /** `{ authorization: 'Bearer dlps_…' }`, ready for app.inject. */
  headers: { authorization: string };
  token: string;
  tenantId: string;
  tenantSlug: string;
  userId: string;
  email: string;
  sessionId: string;
  sessionPublicId: string;
}

/** A tenant by slug, created on first use (through the real store). */
export async function ensureTenant(ctx: TestContext, slug?: string): Promise<{ id: string; slug: string }> {
  const wanted = slug ?? `t-${randomUUID().slice(0, 8)}`;
  const existing = await findTenantBySlug(ctx.db, wanted);
  if (existing) return existing;
  return insertTenant(ctx.db, { slug: wanted, name: `Tenant ${wanted}` }, ctx.clock.now());
}

/**
 * Creates (tenant and) an active user with the role and opens a session through the real
 * stores; the returned headers authenticate app.inject calls. A fresh tenant unless `tenant`
 * names an existing slug.
 */
export async function signInAs(
  ctx: TestContext,
  options: {
    role: RoleId;
    tenant?: string;
    email?: string;
    customRoleId?: string;
    password?: string;
    displayName?: string;
  },
): Promise<SignedIn> {
  const tenant = await ensureTenant(ctx, options.tenant);
  const now = ctx.clock.now();
  const email = options.email ?? `${options.role}-${randomUUID().slice(0, 8)}@example.com`;
  const user = await insertUser(
    ctx.db,
    tenant.id,
    {
      email,
      role: options.role,
      status: 'active',
      customRoleId: options.customRoleId ?? null,
      displayName: options.displayName ?? null,
      passwordHash: options.password ? await hashPassword(options.password) : null,
    },
    now,
  );
  const { token, session } = await insertSession(
    ctx.db,
    tenant.id,
    { userId: user.id, authMethod: 'password' },
    now,
  );
  return {
    headers: { authorization: `Bearer ${token}` },
    token,
    tenantId: tenant.id,
    tenantSlug: tenant.slug,
    userId: user.id,
    email: user.email,
    sessionId: session.id,
    sessionPublicId: session.public_id,
  };
}

/** Records a fresh step-up confirmation on the signed-in session (until the route exists). */
export async function stepUp(ctx: TestContext, who: SignedIn, purpose: StepUpPurpose): Promise<void> {
  await recordStepUp(ctx.db, who.tenantId, who.sessionId, purpose, ctx.clock.now());
}
