import { personTextProblem } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { AuditWriter } from '../../http/audit.js';
import { systemContext } from '../../http/audit.js';
import { insertUser } from '../../http/auth-store.js';
import { AppError, fieldError } from '../../http/errors.js';
import { hashPassword } from '../../http/passwords.js';
import { mintSecret, sha256Hex, TOKEN_PREFIX } from '../../http/tokens.js';
import { findTenantBySlug, insertTenant } from '../tenants/public.js';
import { checkPasswordRule } from './password-rule.js';

/** Document 3: an invitation is valid seven days, single use, only its SHA-256 stored. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$|^[^\s@]{1,64}@localhost$/;

export interface CreateTenantInput {
  slug: string;
  name: string;
  ownerEmail: string;
  /** Absent: the Owner is invited and the one-time invitation is returned. */
  ownerPassword?: string;
}

export interface CreatedTenant {
  tenantId: string;
  slug: string;
  ownerId: string;
  /** The invitation secret, returned once; only its hash is stored. */
  invitation: string | null;
  invitationExpiresAt: string | null;
}

export interface TenantDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditWriter;
}

export function validateTenantInput(input: CreateTenantInput): void {
  const errors: { field: string; message: string }[] = [];
  if (!SLUG.test(input.slug)) {
    errors.push({ field: 'slug', message: 'must be 1-63 lower-case letters, digits or inner hyphens' });
  }
  const name = input.name.trim();
  // The person-text rule of every name a person reads (issue 14): the tenant name is shown to
  // every member of the tenant and in the operator's output.
  const nameProblem = personTextProblem(name, 'line');
  if (name.length < 1 || name.length > 120)
    errors.push({ field: 'name', message: 'must be 1-120 characters' });
  else if (nameProblem) errors.push({ field: 'name', message: nameProblem });
  // An address is printed back and shown in the console: no control characters, no direction
  // overrides (the \s-free pattern alone lets NUL, ESC and U+202E through).
  if (!EMAIL.test(input.ownerEmail) || input.ownerEmail.length > 254) {
    errors.push({ field: 'owner_email', message: 'must be an e-mail address' });
  } else {
    const emailProblem = personTextProblem(input.ownerEmail, 'line');
    if (emailProblem) errors.push({ field: 'owner_email', message: emailProblem });
  }
  // The full password rule of document 3 (identity module), naming the rule, never the password.
  const broken =
    input.ownerPassword === undefined
      ? null
      : checkPasswordRule(input.ownerPassword, {
          email: input.ownerEmail,
          tenantSlug: input.slug,
          tenantName: name,
        });
  if (broken) errors.push({ field: 'owner_password', message: broken });
  const [first, ...rest] = errors;
  if (first) throw fieldError(first.field, first.message, rest);
}

/**
 * Creates a tenant and its first Owner in one transaction (issue 2: `dlp-server tenant create`).
 * An identity flow: it applies the password rule and writes the Owner; tenants only stores the
 * tenant row (so tenants imports no module).
 */
export async function createTenant(deps: TenantDeps, input: CreateTenantInput): Promise<CreatedTenant> {
  validateTenantInput(input);
  const slug = input.slug;
  const now = deps.clock.now();
  const passwordHash = input.ownerPassword !== undefined ? await hashPassword(input.ownerPassword) : null;
  const invitation = passwordHash ? null : mintSecret(TOKEN_PREFIX.invitation);
  const invitationExpiresAt = invitation ? new Date(now.getTime() + INVITATION_TTL_MS) : null;

  const slugTaken = () =>
    new AppError('tenant.slug_taken', `a tenant with slug ${slug} already exists`, [
      { field: 'slug', message: 'is already taken' },
    ]);
  const created = deps.db.transaction().execute(async (trx) => {
    if (await findTenantBySlug(trx, slug)) throw slugTaken();
    const tenant = await insertTenant(trx, { slug, name: input.name.trim() }, now);
    const owner = await insertUser(
      trx,
      tenant.id,
      {
        email: input.ownerEmail,
        role: 'owner',
        status: passwordHash ? 'active' : 'invited',
        passwordHash,
        invitationHash: invitation ? sha256Hex(invitation) : null,
        invitationExpiresAt,
      },
      now,
    );
    const ctx = systemContext(tenant.id);
    await deps.audit.write(
      ctx,
      { action: 'tenant.created', subject: { type: 'tenant', id: tenant.id } },
      trx,
    );
    await deps.audit.write(
      ctx,
      {
        action: passwordHash ? 'user.created' : 'user.invited',
        subject: { type: 'user', id: owner.id },
        metadata: { role: 'owner' },
      },
      trx,
    );
    return {
      tenantId: tenant.id,
      slug: tenant.slug,
      ownerId: owner.id,
      invitation,
      invitationExpiresAt: invitationExpiresAt ? invitationExpiresAt.toISOString() : null,
    };
  });
  // Two creations racing past the lookup meet the unique index; the loser gets the same answer.
  return created.catch(async (error: unknown) => {
    if (!(error instanceof AppError) && (await findTenantBySlug(deps.db, slug))) throw slugTaken();
    throw error;
  });
}
