import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { actingAs, auditContextFor, type ServiceContext } from '../../service-context.js';
import { finishSignIn } from '../identity/public.js';
import { resolveAccount, roleFor } from '../sso/public.js';
import { findTenantBySlug } from '../tenants/public.js';
import { resolveCredential } from './credential.js';
import { asService, type DirectoryUser, findUsers, passwordBinds, tokenGroups } from './directory.js';
import { LDAP_ISSUER } from './settings.js';
import { clearLockout, findLdapProvider, findLockout, saveLockout } from './store.js';

/** Document 3: every refusal of a directory sign-in is this same 401, whatever the cause. */
export function ldapSignInFailed(): AppError {
  return new AppError('auth.unauthenticated', 'sign-in failed: check the organisation, e-mail and password');
}

export interface LdapLoginInput {
  tenant: string;
  email: string;
  password: string;
  sourceIp: string | null;
  userAgent: string | null;
}

/** GET /auth/ldap/available: whether the tenant offers directory sign-in (unknown tenant: no). */
export async function ldapAvailable(ctx: ServiceContext, slug: string) {
  const tenant = await findTenantBySlug(ctx.db, slug.toLowerCase());
  const row = tenant ? await findLdapProvider(ctx.db, tenant.id) : undefined;
  if (row?.enabled !== 1) return { enabled: false };
  return { enabled: true, display_name: row.display_name };
}

async function countFailure(ctx: ServiceContext, config: Config, tenantId: string, guid: string) {
  const now = ctx.clock.now();
  const row = await findLockout(ctx.db, tenantId, guid);
  const lapsed = row?.locked_until != null;
  const failures = (lapsed ? 0 : (row?.failures ?? 0)) + 1;
  const lock = failures >= config.auth.maxFailedLogins;
  await saveLockout(ctx.db, {
    tenant_id: tenantId,
    object_guid: guid,
    failures: lock ? 0 : failures,
    locked_until: lock ? new Date(now.getTime() + config.auth.lockoutMinutes * 60_000).toISOString() : null,
    updated_at: now.toISOString(),
  });
}

/**
 * POST /auth/ldap/login. Bind as the service account, find exactly one person by address,
 * principal name or account name, refuse a locked GUID without sending the password, bind as the
 * person, read tokenGroups (nested groups count), map to a role, then link or create the account
 * by the single sign-on rules and finish like a password sign-in (second factor included).
 */
export async function ldapSignIn(ctx: ServiceContext, config: Config, input: LdapLoginInput) {
  const tenant = await findTenantBySlug(ctx.db, input.tenant.toLowerCase());
  const row = tenant ? await findLdapProvider(ctx.db, tenant.id) : undefined;
  if (!tenant || row?.enabled !== 1) throw ldapSignInFailed();
  const cred = resolveCredential(config.secrets, row.credential_ref, tenant.slug);
  if ('problem' in cred) throw ldapSignInFailed();
  const now = ctx.clock.now();
  let person: DirectoryUser;
  let groups: string[];
  try {
    const found = await asService(cred, row.ca_certificate, (c) => findUsers(c, cred.baseDn, input.email));
    if (found.length !== 1) throw ldapSignInFailed();
    person = found[0] as DirectoryUser;
    const lock = await findLockout(ctx.db, tenant.id, person.guid);
    if (lock?.locked_until && Date.parse(lock.locked_until) > now.getTime()) throw ldapSignInFailed();
    if (person.disabled) throw ldapSignInFailed();
    if (!(await passwordBinds(cred, row.ca_certificate, person.dn, input.password))) {
      await countFailure(ctx, config, tenant.id, person.guid);
      throw ldapSignInFailed();
    }
    await clearLockout(ctx.db, tenant.id, person.guid);
    groups = await asService(cred, row.ca_certificate, (c) => tokenGroups(c, person.dn));
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Directory down, certificate refused, timeout: the same answer (document 3).
    throw ldapSignInFailed();
  }
  const role = roleFor({ role_mappings: row.role_mappings, default_role: null }, groups);
  const outcome = await resolveAccount(
    ctx,
    { tenant_id: tenant.id, issuer: LDAP_ISSUER },
    { sub: person.guid, email: person.mail ?? person.upn, name: person.displayName, role },
    { createUsers: row.create_users === 1 },
  );
  if ('error' in outcome) throw ldapSignInFailed();
  await ctx.audit.write(auditContextFor(actingAs(ctx, outcome.user)), {
    action: 'auth.ldap_signed_in',
    subject: { type: 'user', id: outcome.user.id },
    metadata: { provider: LDAP_ISSUER, role: outcome.user.role },
  });
  return finishSignIn(ctx, outcome.user, input, 'ldap');
}
