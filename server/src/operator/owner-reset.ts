import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { AuditWriter } from '../http/audit.js';
import { findTenantBySlug } from '../modules/tenants/store.js';
import { mintReset } from '../modules/users/invitations.js';
import { listUsers } from '../modules/users/store.js';
import { systemServiceContext } from '../service-context.js';

export class OwnerResetError extends Error {}

export interface OwnerReset {
  tenant: string;
  email: string;
  link: string;
  expiresAt: string;
}

/**
 * `dlp-server owner reset` (issue 26, item 8): the way back in when the first-start Owner
 * password is lost. Whoever can run the operator CLI on the host already holds the database and
 * its keys, so the command issues the console's ordinary one-time reset link (24 hours, single
 * use, SHA-256 stored) for an Owner, audited as a system action naming the account, never the
 * link. Without --email the tenant must have exactly one Owner that is not disabled.
 */
export async function issueOwnerReset(
  db: Kysely<Database>,
  config: Config,
  clock: Clock,
  input: { tenant: string; email?: string },
): Promise<OwnerReset> {
  const tenant = await findTenantBySlug(db, input.tenant);
  if (!tenant) throw new OwnerResetError(`no tenant with slug "${input.tenant}"`);
  const owners = (await listUsers(db, tenant.id)).filter((u) => u.role === 'owner');
  let owner: (typeof owners)[number] | undefined;
  if (input.email !== undefined) {
    const email = input.email.trim().toLowerCase();
    owner = owners.find((u) => u.email === email);
    if (!owner) throw new OwnerResetError(`tenant "${tenant.slug}" has no Owner with that e-mail address`);
  } else {
    const usable = owners.filter((u) => u.status !== 'disabled');
    if (usable.length !== 1)
      throw new OwnerResetError(
        usable.length === 0
          ? `tenant "${tenant.slug}" has no Owner that is not disabled`
          : `tenant "${tenant.slug}" has ${usable.length} Owners: name one with --email (${usable.map((u) => u.email).join(', ')})`,
      );
    owner = usable[0]!;
  }
  const ctx = systemServiceContext({ db, audit: new AuditWriter(db, clock), clock }, tenant.id);
  const issued = await mintReset(ctx, config, owner, { issued_by: 'operator_cli' });
  return { tenant: tenant.slug, email: owner.email, link: issued.link, expiresAt: issued.expires_at };
}
