import { revokeUserSessions } from '../../http/auth-store.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { linkedUserIds, type MappableRole, type RoleMapping } from '../sso/public.js';
import { findTenantById } from '../tenants/public.js';
import { updateAccount } from '../users/public.js';
import { referenceProblem } from './credential.js';
import { deleteLdapProvider, findLdapProvider, saveLdapProvider } from './store.js';
import type { LdapProvidersTable } from './tables.js';

/** /settings/ldap-auth (document 3, Directory sign-in). */

/** The issuer under which directory accounts are linked (subject: the object GUID). */
export const LDAP_ISSUER = 'ldap';

/** Mappings name directory groups by SID, as tokenGroups reports them. */
const SID = /^S-1-\d+(-\d+){1,15}$/;

export function ldapView(row: LdapProvidersTable | undefined) {
  if (!row) return { configured: false as const };
  return {
    configured: true as const,
    display_name: row.display_name,
    credential_ref: row.credential_ref,
    has_ca_certificate: row.ca_certificate !== null,
    role_mappings: JSON.parse(row.role_mappings) as RoleMapping[],
    enabled: row.enabled === 1,
    create_users: row.create_users === 1,
    updated_at: row.updated_at,
  };
}

export interface LdapInput {
  display_name: string;
  credential_ref: string;
  ca_certificate?: string | undefined;
  clear_ca_certificate?: boolean | undefined;
  role_mappings: { group: string; role: MappableRole }[];
  enabled: boolean;
  create_users: boolean;
  reason: string;
}

const grantsOwner = (json: string | undefined) =>
  json !== undefined && (JSON.parse(json) as RoleMapping[]).some((m) => m.role === 'owner');

export async function tenantSlug(ctx: ServiceContext, tenantId: string): Promise<string> {
  const tenant = await findTenantById(ctx.db, tenantId);
  if (!tenant) throw new AppError('auth.unauthenticated', 'sign in first: no valid session or token');
  return tenant.slug;
}

export async function saveLdapSettings(ctx: ServiceContext, actor: Principal, input: LdapInput) {
  const tenantId = actor.tenantId;
  const stored = await findLdapProvider(ctx.db, tenantId);
  const refBad = referenceProblem(input.credential_ref, await tenantSlug(ctx, tenantId));
  if (refBad) throw fieldError('credential_ref', refBad);
  if (input.ca_certificate !== undefined && !input.ca_certificate.includes('-----BEGIN CERTIFICATE-----'))
    throw fieldError('ca_certificate', 'must be a PEM certificate');
  const problems = input.role_mappings.flatMap((m, i) =>
    SID.test(m.group) ? [] : [{ field: `role_mappings[${i}].group`, message: 'must be a group SID (S-1-…)' }],
  );
  if (problems.length > 0) throw new AppError('request.invalid', 'the role mappings are refused', problems);
  if (input.enabled && input.role_mappings.length === 0)
    throw fieldError('role_mappings', 'an enabled directory sign-in needs at least one mapped group');
  const mappings = JSON.stringify(input.role_mappings);
  // Document 3: a mapping granting Owner is changed only by an Owner.
  if ((grantsOwner(mappings) || grantsOwner(stored?.role_mappings)) && actor.role !== 'owner')
    throw new AppError('auth.forbidden', 'only an Owner may change a mapping that grants Owner');
  const row: LdapProvidersTable = {
    tenant_id: tenantId,
    display_name: input.display_name,
    credential_ref: input.credential_ref,
    ca_certificate: input.clear_ca_certificate
      ? null
      : (input.ca_certificate ?? stored?.ca_certificate ?? null),
    role_mappings: mappings,
    enabled: input.enabled ? 1 : 0,
    create_users: input.create_users ? 1 : 0,
    updated_at: ctx.clock.now().toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await saveLdapProvider(trx, row);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.ldap_auth_changed',
        subject: { type: 'tenant', id: tenantId },
        metadata: {
          provider: LDAP_ISSUER,
          enabled: input.enabled,
          reason: input.reason,
          changed_fields: [
            ...(stored?.credential_ref !== input.credential_ref ? ['credential_ref'] : []),
            ...(input.ca_certificate !== undefined || input.clear_ca_certificate ? ['ca_certificate'] : []),
            ...(stored?.role_mappings !== mappings ? ['role_mappings'] : []),
          ],
        },
      },
      trx,
    );
  });
}

/**
 * DELETE /settings/ldap-auth: the settings go, and every account linked to the directory is
 * disabled and its sessions end (document 3). Decision: the accounts stay (history, incidents
 * assigned to them); an administrator may enable one and give it a password by reset.
 */
export async function removeLdapSettings(ctx: ServiceContext, actor: Principal, reason: string) {
  const tenantId = actor.tenantId;
  const stored = await findLdapProvider(ctx.db, tenantId);
  if (!stored) return;
  if (grantsOwner(stored.role_mappings) && actor.role !== 'owner')
    throw new AppError('auth.forbidden', 'only an Owner may remove a mapping that grants Owner');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const ids = await linkedUserIds(trx, tenantId, LDAP_ISSUER);
    let sessions = 0;
    for (const id of ids) {
      await updateAccount(trx, tenantId, id, { status: 'disabled' }, now);
      sessions += await revokeUserSessions(trx, tenantId, id, 'directory_sign_in_removed', now);
    }
    await deleteLdapProvider(trx, tenantId);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.ldap_auth_removed',
        subject: { type: 'tenant', id: tenantId },
        metadata: { provider: LDAP_ISSUER, reason, updated_count: ids.length, sessions_ended: sessions },
      },
      trx,
    );
  });
}
