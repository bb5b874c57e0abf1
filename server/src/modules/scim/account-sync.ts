import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { revokeUserSessions } from '../../http/auth-store.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { MAPPABLE_ROLES, type SsoMappings } from '../sso/public.js';
import { updateAccount } from '../users/public.js';
import { groupsOfUser } from './group-store.js';
import { findLiveUser, updateScimUser } from './user-store.js';

type Trx = Transaction<Database>;

/**
 * Document 3: roles come from the single-sign-on mappings, matched against a group's display name
 * or external id, then the default role. Provisioning never gives Owner: an Owner mapping or an
 * Owner default counts as no role.
 */
export function provisionedRole(
  mappings: SsoMappings,
  groups: readonly { display_name: string; external_id: string | null }[],
): string | null {
  const names = new Set(
    groups.flatMap((g) => (g.external_id === null ? [g.display_name] : [g.display_name, g.external_id])),
  );
  const held = new Set(mappings.roleMappings.filter((m) => names.has(m.group)).map((m) => m.role));
  const best = MAPPABLE_ROLES.filter((r) => r !== 'owner').find((r) => held.has(r));
  if (best) return best;
  return mappings.defaultRole !== null && mappings.defaultRole !== 'owner' ? mappings.defaultRole : null;
}

/**
 * Brings one provisioned account in line with the provider (inside the caller's transaction):
 * role from its groups (`user.role_synced`); open only while the provider wants it active and a
 * group maps it. Closing revokes its sessions (`user.disabled`); reopening happens only when
 * provisioning closed it (`user.enabled`), so an administrator's disable stands. An Owner is never
 * changed by provisioning.
 */
export async function syncAccount(ctx: ServiceContext, trx: Trx, mappings: SsoMappings, scimUserId: string) {
  const audit = auditContextFor(ctx);
  const tenantId = audit.tenantId;
  const link = await findLiveUser(trx, tenantId, scimUserId);
  if (!link) return;
  const now = ctx.clock.now();
  const subject = { type: 'user', id: link.user_id };
  const role = provisionedRole(mappings, await groupsOfUser(trx, tenantId, scimUserId));
  if (link.role === 'owner') {
    // Provisioning never changes an Owner (so never the last one): the sync is refused, audited.
    await ctx.audit.write(
      audit,
      {
        action: 'user.role_sync_refused',
        subject,
        metadata: { old_role: 'owner', new_role: role, provider: 'scim', refusal_code: 'auth.forbidden' },
      },
      trx,
    );
    return;
  }
  if (role !== null && (role !== link.role || link.custom_role_id !== null)) {
    await updateAccount(trx, tenantId, link.user_id, { role, custom_role_id: null }, now);
    await ctx.audit.write(
      audit,
      {
        action: 'user.role_synced',
        subject,
        metadata: { old_role: link.role, new_role: role, provider: 'scim' },
      },
      trx,
    );
  }
  const open = link.active === 1 && role !== null;
  if (!open && link.status !== 'disabled') {
    await updateAccount(
      trx,
      tenantId,
      link.user_id,
      { status: 'disabled', invitation_hash: null, invitation_expires_at: null },
      now,
    );
    const ended = await revokeUserSessions(trx, tenantId, link.user_id, 'disabled', now);
    await updateScimUser(trx, tenantId, link.id, { closed_by_scim: 1 });
    await ctx.audit.write(
      audit,
      {
        action: 'user.disabled',
        subject,
        metadata: {
          reason: link.active === 1 ? 'provisioning: no group maps a role' : 'provisioning: active is false',
          sessions_ended: ended,
        },
      },
      trx,
    );
  } else if (open && link.status === 'disabled' && link.closed_by_scim === 1) {
    await updateAccount(trx, tenantId, link.user_id, { status: 'active' }, now);
    await updateScimUser(trx, tenantId, link.id, { closed_by_scim: 0 });
    await ctx.audit.write(
      audit,
      { action: 'user.enabled', subject, metadata: { reason: 'provisioning' } },
      trx,
    );
  } else if (open && link.status === 'invited') {
    await updateAccount(
      trx,
      tenantId,
      link.user_id,
      { status: 'active', invitation_hash: null, invitation_expires_at: null },
      now,
    );
  } else if (open && link.status === 'active' && link.closed_by_scim === 1) {
    // An administrator reopened it meanwhile: provisioning no longer holds it closed.
    await updateScimUser(trx, tenantId, link.id, { closed_by_scim: 0 });
  }
}
