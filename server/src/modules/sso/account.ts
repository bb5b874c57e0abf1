import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import { findUserByEmail, insertUser } from '../../http/auth-store.js';
import { actingAs, auditContextFor, type ServiceContext } from '../../service-context.js';
import { activeOwnerCount } from '../users/public.js';
import { findLinkedUser, insertLink, syncFederatedUser } from './flow-store.js';
import { MAPPABLE_ROLES, type MappableRole, type RoleMapping } from './settings.js';
import type { OidcProvidersTable } from './tables.js';

/** How a verified sign-in ends before a session: a user, or one of the console's error words. */
export type SignInOutcome =
  | { user: UsersTable }
  | { error: 'no_access' | 'account_disabled' | 'sign_in_failed' };

/**
 * Group claims are object ids (document 3); a user in more than about 200 groups gets a claim
 * reference (`_claim_names`, or Entra's `hasgroups`) instead of a list. It is detected, not followed.
 */
export function groupsOf(
  claims: Record<string, unknown>,
  claim: string,
): { groups: string[]; overage: boolean } {
  const names = claims._claim_names as Record<string, unknown> | undefined;
  const overage =
    claims.hasgroups === true || claims.hasgroups === 'true' || (names !== undefined && claim in names);
  const raw = claims[claim];
  const groups = Array.isArray(raw) ? raw.filter((g): g is string => typeof g === 'string') : [];
  return { groups, overage };
}

/** The most privileged mapped role, else the default role, else none. */
export function roleFor(
  row: { role_mappings: string; default_role: string | null },
  groups: readonly string[],
) {
  const mappings = JSON.parse(row.role_mappings) as RoleMapping[];
  const held = new Set(mappings.filter((m) => groups.includes(m.group)).map((m) => m.role));
  const best = MAPPABLE_ROLES.find((r) => held.has(r));
  return (best ?? row.default_role ?? null) as MappableRole | null;
}

export const OVERAGE_FIX =
  'the provider sent a group claim reference (the person is in more than about 200 groups): configure the application at the provider to emit only the groups assigned to it';

/**
 * Finds or creates the account for a verified subject. Decisions (docs/identity.md): the subject
 * link wins; otherwise an account with the asserted address is adopted unless it is a local
 * account with a password (a provider asserting an address never takes over a password account,
 * such as the break-glass Owner); a disabled account stays disabled.
 */
export async function resolveAccount(
  ctx: ServiceContext,
  provider: Pick<OidcProvidersTable, 'tenant_id' | 'issuer'>,
  claims: { sub: string; email: string | null; name: string | null; role: MappableRole | null },
  options: { createUsers: boolean } = { createUsers: true },
): Promise<SignInOutcome> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const tenantId = provider.tenant_id;
  let user: UsersTable | undefined = await findLinkedUser(db, tenantId, provider.issuer, claims.sub);
  if (!user && claims.email) {
    const byEmail = await findUserByEmail(db, tenantId, claims.email);
    if (byEmail && byEmail.federated === 0 && byEmail.password_hash !== null)
      return { error: 'sign_in_failed' };
    user = byEmail;
  }
  if (user && user.status === 'disabled') {
    await ctx.audit.write(auditContextFor(actingAs(ctx, user)), {
      action: 'auth.oidc_refused_disabled',
      subject: { type: 'user', id: user.id },
      metadata: { provider: provider.issuer },
    });
    return { error: 'account_disabled' };
  }
  if (claims.role === null) return { error: 'no_access' };
  if (!user) {
    if (!claims.email || !options.createUsers) return { error: 'sign_in_failed' };
    user = await createFederated(db, tenantId, claims.email, claims.name, claims.role, now);
    // Decision: an account the provider creates is audited like an invitation is.
    await ctx.audit.write(auditContextFor(actingAs(ctx, user)), {
      action: 'user.federated_created',
      subject: { type: 'user', id: user.id },
      metadata: { role: claims.role, provider: provider.issuer },
    });
  }
  if (!(await findLinkedUser(db, tenantId, provider.issuer, claims.sub)))
    await insertLink(db, {
      tenant_id: tenantId,
      issuer: provider.issuer,
      subject: claims.sub,
      user_id: user.id,
      created_at: now.toISOString(),
    });
  const oldRole = user.role;
  // The last-active-Owner rule (document 3, Users) holds for a role sync too: a sign-in whose
  // mapping would demote the tenant's last active Owner is refused and audited; nothing changes.
  if (
    oldRole === 'owner' &&
    claims.role !== 'owner' &&
    user.status === 'active' &&
    (await activeOwnerCount(db, tenantId)) <= 1
  ) {
    await ctx.audit.write(auditContextFor(actingAs(ctx, user)), {
      action: 'user.role_sync_refused',
      subject: { type: 'user', id: user.id },
      metadata: {
        old_role: oldRole,
        new_role: claims.role,
        provider: provider.issuer,
        refusal_code: 'resource.conflict',
      },
    });
    return { error: 'no_access' };
  }
  await syncFederatedUser(
    db,
    tenantId,
    user.id,
    { role: claims.role, display_name: claims.name ?? user.display_name },
    now,
  );
  if (oldRole !== claims.role)
    await ctx.audit.write(auditContextFor(actingAs(ctx, user)), {
      action: 'user.role_synced',
      subject: { type: 'user', id: user.id },
      metadata: { old_role: oldRole, new_role: claims.role, provider: provider.issuer },
    });
  return {
    user: {
      ...user,
      role: claims.role,
      custom_role_id: null,
      federated: 1,
      status: 'active',
      display_name: claims.name ?? user.display_name,
    },
  };
}

async function createFederated(
  db: Kysely<Database>,
  tenantId: string,
  email: string,
  name: string | null,
  role: MappableRole,
  now: Date,
) {
  const row = await insertUser(
    db,
    tenantId,
    { email, role, status: 'active', displayName: name, federated: true },
    now,
  );
  return row;
}
