import { randomUUID } from 'node:crypto';
import { insertUser } from '../../src/http/auth-store.js';
import { hashPassword } from '../../src/http/passwords.js';
import type { RoleId } from '../../src/http/roles.js';
import { ensureTenant } from '../helpers/sign-in.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/** The real app (the identity and users modules are in the registry), a small lockout limit. */
export function createIdentityApp(env: Record<string, string> = {}): Promise<TestContext> {
  return createTestApp({
    env: { DLP_MAX_FAILED_LOGINS: '3', DLP_LOCKOUT_MINUTES: '15', ...env },
  });
}

export const GOOD_PASSWORD = 'violet-harbour-lantern-42';

/** An active local account with a password, created through the real stores. */
export async function createAccount(
  ctx: TestContext,
  options: { tenant?: string; role?: RoleId; password?: string; status?: 'active' | 'disabled' } = {},
): Promise<{ tenantSlug: string; tenantId: string; email: string; userId: string; password: string }> {
  const tenant = await ensureTenant(ctx, options.tenant);
  const password = options.password ?? GOOD_PASSWORD;
  const email = `person-${randomUUID().slice(0, 8)}@example.com`;
  const user = await insertUser(
    ctx.db,
    tenant.id,
    {
      email,
      role: options.role ?? 'viewer',
      status: options.status ?? 'active',
      passwordHash: await hashPassword(password),
    },
    ctx.clock.now(),
  );
  return { tenantSlug: tenant.slug, tenantId: tenant.id, email, userId: user.id, password };
}

export async function login(ctx: TestContext, body: { tenant: string; email: string; password: string }) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body });
}
