import { randomUUID } from 'node:crypto';
import { findUserById } from '../../http/auth-store.js';
import type { Authenticator, AuthRegistry } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { isPermission } from '../../http/permissions.js';
import type { Principal } from '../../http/principal.js';
import { narrowByScopes } from '../../http/roles.js';
import { mintSecret, sha256Hex, TOKEN_PREFIX } from '../../http/tokens.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import {
  findApiToken,
  findApiTokenByHash,
  insertApiToken,
  listApiTokenRows,
  markApiTokenRevoked,
  markApiTokenUsed,
} from './store.js';
import type { ApiTokensTable } from './tables.js';

/** Longest life a token may be given; the specification is silent (docs/identity.md). */
export const API_TOKEN_MAX_DAYS = 365;
const LAST_USED_WRITE_MS = 60_000;

function unauthenticated(): AppError {
  return new AppError('auth.unauthenticated', 'sign in first: no valid session or token');
}

/**
 * The foundation authenticator for `Bearer cus_…`: the token acts as its creator, with the
 * creator's permissions resolved now from the current role, narrowed by the token's scopes. A
 * token is not a session, so no idle check runs (document 3, Authentication).
 */
export function apiTokenAuthenticator(registry: AuthRegistry): Authenticator {
  return async (credential, _request, services) => {
    if (credential.source !== 'bearer' || !credential.value.startsWith(TOKEN_PREFIX.apiToken)) return null;
    const row = await findApiTokenByHash(services.db, sha256Hex(credential.value));
    const now = services.clock.now();
    if (
      !row ||
      row.revoked_at !== null ||
      (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime())
    )
      throw unauthenticated();
    const user = await findUserById(services.db, row.tenant_id, row.user_id);
    if (user?.status !== 'active') throw unauthenticated();
    if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_WRITE_MS) {
      await markApiTokenUsed(services.db, row.tenant_id, row.id, now);
    }
    const role = await registry.roleFor(services.db, row.tenant_id, user);
    return {
      kind: 'api_token',
      tenantId: row.tenant_id,
      userId: user.id,
      role: user.role,
      customRoleId: user.custom_role_id,
      permissions: narrowByScopes(role.permissions, JSON.parse(row.scopes) as string[]),
      incidentScope: role.incidentScope,
      tokenId: row.id,
    };
  };
}

function view(row: ApiTokensTable) {
  return {
    id: row.id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as string[],
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}

/** Created on a session only; every scope must be a permission the creator holds now. */
export async function createApiToken(
  ctx: ServiceContext,
  actor: Principal,
  input: { name: string; scopes: string[]; expires_in_days?: number },
) {
  const now = ctx.clock.now();
  if (actor.kind !== 'user' || !actor.sessionId)
    throw new AppError('auth.forbidden', 'API tokens are created on a console session');
  // Each refusal names the item by its position in the request, never by its value (issue 14).
  const problems = input.scopes.flatMap((scope, i) => {
    if (!isPermission(scope)) return [{ field: `scopes[${i}]`, message: 'is not a permission identifier' }];
    if (!actor.permissions.has(scope))
      return [{ field: `scopes[${i}]`, message: 'is a permission you do not hold' }];
    return [];
  });
  if (problems.length > 0) throw new AppError('request.invalid', 'the request has invalid fields', problems);
  const scopes = [...new Set(input.scopes)].sort();
  const token = mintSecret(TOKEN_PREFIX.apiToken);
  const row: ApiTokensTable = {
    id: randomUUID(),
    tenant_id: actor.tenantId,
    user_id: actor.userId,
    name: input.name,
    token_hash: sha256Hex(token),
    scopes: JSON.stringify(scopes),
    created_at: now.toISOString(),
    expires_at: input.expires_in_days
      ? new Date(now.getTime() + input.expires_in_days * 86_400_000).toISOString()
      : null,
    last_used_at: null,
    revoked_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertApiToken(trx, row);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'api_token.created',
        subject: { type: 'api_token', id: row.id },
        metadata: { name: row.name, scopes },
      },
      trx,
    );
  });
  return { ...view(row), token };
}

/** A person's own tokens; with users:write, every token of the tenant. */
export async function listApiTokens(ctx: ServiceContext, actor: Principal) {
  const own = actor.permissions.has('users:write') ? undefined : actor.userId;
  const rows = await listApiTokenRows(ctx.db, actor.tenantId, own);
  return { items: rows.map((r) => ({ ...view(r), user_id: r.user_id })) };
}

export async function revokeApiToken(ctx: ServiceContext, actor: Principal, id: string) {
  const row = await findApiToken(ctx.db, actor.tenantId, id);
  if (!row || (row.user_id !== actor.userId && !actor.permissions.has('users:write')))
    throw notFound('API token');
  if (row.revoked_at !== null) throw new AppError('resource.conflict', 'the token is already revoked');
  await ctx.db.transaction().execute(async (trx) => {
    await markApiTokenRevoked(trx, row.tenant_id, row.id, ctx.clock.now());
    await ctx.audit.write(
      auditContextFor(ctx),
      { action: 'api_token.revoked', subject: { type: 'api_token', id: row.id } },
      trx,
    );
  });
  return { revoked: true as const };
}
