import { seal } from '../../crypto/seal.js';
import { findUserById } from '../../http/auth-store.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { deleteProvider, findProvider, findSignInMode, saveProvider, saveSignInMode } from './store.js';
import type { OidcProvidersTable } from './tables.js';

/** Provider settings and sign-in mode (document 3: /settings/oidc, /settings/sign-in-mode). */

export const MAPPABLE_ROLES = ['owner', 'admin', 'security_analyst', 'auditor', 'viewer'] as const;
export type MappableRole = (typeof MAPPABLE_ROLES)[number];

export interface RoleMapping {
  group: string;
  role: MappableRole;
}

export const SECRET_CONTEXT = 'oidc-client-secret';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Decision (spec silent): the issuer is https, or http on a loopback address only (a provider on
 * the same host); anything else would send the client secret and tokens in the clear.
 */
export function issuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.search !== '' || url.hash !== '') return 'must have no query or fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'must be https (http only on a loopback address)';
}

function mappingsOf(row: Pick<OidcProvidersTable, 'role_mappings'>): RoleMapping[] {
  return JSON.parse(row.role_mappings) as RoleMapping[];
}

function makesOwners(row: { role_mappings: string; default_role: string | null } | undefined): boolean {
  if (!row) return false;
  return row.default_role === 'owner' || mappingsOf(row).some((m) => m.role === 'owner');
}

export function providerView(row: OidcProvidersTable | undefined) {
  if (!row) return { configured: false as const };
  return {
    configured: true as const,
    issuer: row.issuer,
    client_id: row.client_id,
    has_client_secret: row.client_secret_sealed !== null,
    has_ca_certificate: row.ca_certificate !== null,
    display_name: row.display_name,
    groups_claim: row.groups_claim,
    role_mappings: mappingsOf(row),
    default_role: row.default_role as MappableRole | null,
    enabled: row.enabled === 1,
    updated_at: row.updated_at,
  };
}

export interface ProviderInput {
  issuer: string;
  client_id: string;
  client_secret?: string | undefined;
  ca_certificate?: string | undefined;
  clear_ca_certificate?: boolean | undefined;
  display_name: string;
  groups_claim?: string | undefined;
  role_mappings: RoleMapping[];
  default_role?: MappableRole | null | undefined;
  enabled: boolean;
  reason: string;
}

async function ssoOnlyOn(ctx: ServiceContext, tenantId: string): Promise<boolean> {
  return (await findSignInMode(ctx.db, tenantId))?.sso_only === 1;
}

export async function saveProviderSettings(
  ctx: ServiceContext,
  actor: Principal,
  masterKey: Buffer,
  input: ProviderInput,
) {
  const tenantId = actor.tenantId;
  const stored = await findProvider(ctx.db, tenantId);
  const problem = issuerProblem(input.issuer);
  if (problem) throw fieldError('issuer', problem);
  if (input.ca_certificate !== undefined && !input.ca_certificate.includes('-----BEGIN CERTIFICATE-----'))
    throw fieldError('ca_certificate', 'must be a PEM certificate');
  const defaultRole = input.default_role === undefined ? (stored?.default_role ?? null) : input.default_role;
  const next = { role_mappings: JSON.stringify(input.role_mappings), default_role: defaultRole };
  // A provider that signs anybody in as Owner is saved or changed only by an Owner (document 3).
  if ((makesOwners(next) || makesOwners(stored)) && actor.role !== 'owner')
    throw new AppError('auth.forbidden', 'only an Owner may save a provider that signs people in as Owner');
  if (input.enabled && input.role_mappings.length === 0 && defaultRole === null)
    throw fieldError('role_mappings', 'an enabled provider needs a mapped group or a default role');
  if (!input.enabled && stored?.enabled === 1 && (await ssoOnlyOn(ctx, tenantId)))
    throw new AppError(
      'resource.conflict',
      'single sign-on only is on: turn it off before disabling the provider',
    );
  const now = ctx.clock.now().toISOString();
  const row: OidcProvidersTable = {
    tenant_id: tenantId,
    issuer: input.issuer,
    client_id: input.client_id,
    client_secret_sealed:
      input.client_secret !== undefined
        ? seal(masterKey, input.client_secret, `${SECRET_CONTEXT}:${tenantId}`)
        : (stored?.client_secret_sealed ?? null),
    ca_certificate: input.clear_ca_certificate
      ? null
      : (input.ca_certificate ?? stored?.ca_certificate ?? null),
    display_name: input.display_name,
    groups_claim: input.groups_claim ?? stored?.groups_claim ?? 'groups',
    role_mappings: next.role_mappings,
    default_role: defaultRole,
    enabled: input.enabled ? 1 : 0,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await saveProvider(trx, row);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.oidc_changed',
        subject: { type: 'tenant', id: tenantId },
        metadata: {
          provider: row.issuer,
          enabled: input.enabled,
          reason: input.reason,
          changed_fields: [
            ...(input.client_secret !== undefined ? ['client_secret'] : []),
            ...(input.ca_certificate !== undefined || input.clear_ca_certificate ? ['ca_certificate'] : []),
          ],
        },
      },
      trx,
    );
  });
  return providerView(row);
}

export async function removeProviderSettings(ctx: ServiceContext, actor: Principal, reason: string) {
  const stored = await findProvider(ctx.db, actor.tenantId);
  if (!stored) return;
  if (makesOwners(stored) && actor.role !== 'owner')
    throw new AppError('auth.forbidden', 'only an Owner may remove a provider that signs people in as Owner');
  if (await ssoOnlyOn(ctx, actor.tenantId))
    throw new AppError(
      'resource.conflict',
      'single sign-on only is on: turn it off before removing the provider',
    );
  await ctx.db.transaction().execute(async (trx) => {
    await deleteProvider(trx, actor.tenantId);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.oidc_removed',
        subject: { type: 'tenant', id: actor.tenantId },
        metadata: { provider: stored.issuer, reason },
      },
      trx,
    );
  });
}

export async function signInModeView(ctx: ServiceContext, tenantId: string) {
  const row = await findSignInMode(ctx.db, tenantId);
  return {
    sso_only: row?.sso_only === 1,
    break_glass: row ? (JSON.parse(row.break_glass) as string[]) : [],
    updated_at: row?.updated_at ?? null,
  };
}

/** An account that may sign in with a password while sso_only is on. */
export function isBreakGlassAccount(user: {
  role: string;
  status: string;
  federated: number;
  password_hash: string | null;
}): boolean {
  return (
    user.role === 'owner' && user.status === 'active' && user.federated === 0 && user.password_hash !== null
  );
}

export async function changeSignInMode(
  ctx: ServiceContext,
  actor: Principal,
  input: { sso_only: boolean; break_glass: string[]; reason: string },
) {
  const tenantId = actor.tenantId;
  const ids = [...new Set(input.break_glass)];
  if (input.sso_only) {
    const provider = await findProvider(ctx.db, tenantId);
    if (provider?.enabled !== 1)
      throw new AppError('resource.conflict', 'single sign-on only needs an enabled identity provider');
    const problems = [];
    for (const [i, id] of ids.entries()) {
      const user = await findUserById(ctx.db, tenantId, id);
      if (!user || !isBreakGlassAccount(user))
        problems.push({
          field: `break_glass[${i}]`,
          message: 'is not an active local Owner with a password',
        });
    }
    if (ids.length === 0)
      problems.push({
        field: 'break_glass',
        message: 'name at least one active local Owner with a password',
      });
    if (problems.length > 0)
      throw new AppError('request.invalid', 'the break-glass accounts are refused', problems);
  }
  const before = await signInModeView(ctx, tenantId);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await saveSignInMode(trx, {
      tenant_id: tenantId,
      sso_only: input.sso_only ? 1 : 0,
      break_glass: JSON.stringify(ids),
      updated_at: now,
    });
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.sign_in_mode_changed',
        subject: { type: 'tenant', id: tenantId },
        metadata: {
          sso_only: input.sso_only,
          break_glass: ids,
          reason: input.reason,
          status_changed: before.sso_only !== input.sso_only,
        },
      },
      trx,
    );
  });
  return { sso_only: input.sso_only, break_glass: ids, updated_at: now };
}
