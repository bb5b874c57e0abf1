import { randomUUID } from 'node:crypto';
import { AppError, notFound } from '../../http/errors.js';
import { mintSecret, sha256Hex } from '../../http/tokens.js';
import { auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import type { ScimTokensTable } from './tables.js';
import {
  findScimTokenByHash,
  findScimTokenByPublicId,
  insertScimToken,
  listScimTokens,
  revokeScimToken,
  touchScimToken,
} from './token-store.js';
import { countLiveUsers } from './user-store.js';

/** SCIM tokens (document 3: `dlpscim_` then 32 random bytes; 180 days by default, 365 at most). */
export const SCIM_TOKEN_PREFIX = 'dlpscim_';
export const SCIM_TOKEN_DEFAULT_DAYS = 180;
export const SCIM_TOKEN_MAX_DAYS = 365;
const DAY_MS = 86_400_000;
const USE_WRITE_INTERVAL_MS = 60_000;

function view(row: ScimTokensTable, now: Date) {
  return {
    public_id: row.public_id,
    name: row.name,
    created_at: row.created_at,
    expires: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    state:
      row.revoked_at !== null
        ? 'revoked'
        : Date.parse(row.expires_at) <= now.getTime()
          ? 'expired'
          : 'active',
  } as const;
}

/** GET /settings/scim-tokens: `{items, base_path, provisioned_accounts}`. */
export async function scimTokenListing(ctx: ServiceContext, tenantId: string, basePath: string) {
  const now = ctx.clock.now();
  return {
    items: (await listScimTokens(ctx.db, tenantId)).map((r) => view(r, now)),
    base_path: basePath,
    provisioned_accounts: await countLiveUsers(ctx.db, tenantId),
  };
}

export async function createScimToken(
  ctx: ServiceContext,
  tenantId: string,
  input: { name: string; expires_in_days?: number | undefined },
) {
  const now = ctx.clock.now();
  const token = mintSecret(SCIM_TOKEN_PREFIX);
  const row: ScimTokensTable = {
    id: randomUUID(),
    public_id: randomUUID(),
    tenant_id: tenantId,
    name: input.name,
    token_hash: sha256Hex(token),
    created_by: userIdOf(ctx),
    created_at: now.toISOString(),
    expires_at: new Date(
      now.getTime() + (input.expires_in_days ?? SCIM_TOKEN_DEFAULT_DAYS) * DAY_MS,
    ).toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertScimToken(trx, row);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'scim_token.created',
        subject: { type: 'scim_token', id: row.public_id },
        metadata: { token_public_id: row.public_id, name: row.name, expires_at: row.expires_at },
      },
      trx,
    );
  });
  return { ...view(row, now), token };
}

export async function revokeScimTokenByPublicId(
  ctx: ServiceContext,
  tenantId: string,
  publicId: string,
  reason: string,
) {
  const now = ctx.clock.now();
  const row = await findScimTokenByPublicId(ctx.db, tenantId, publicId);
  if (!row) throw notFound('SCIM token');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await revokeScimToken(trx, tenantId, row.id, now)))
      throw new AppError('resource.conflict', 'the SCIM token is already revoked');
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'scim_token.revoked',
        subject: { type: 'scim_token', id: row.public_id },
        metadata: { token_public_id: row.public_id, reason },
      },
      trx,
    );
  });
  return { revoked: true as const };
}

/**
 * The bearer check of the SCIM routes: a live `dlpscim_` token, else the one 401. Returns the
 * token's tenant and public id (the audit actor). `last_used_at` is written at most once a minute.
 */
export async function scimTokenHolder(ctx: Pick<ServiceContext, 'db' | 'clock'>, bearer: string | null) {
  const refused = new AppError('auth.unauthenticated', 'a valid SCIM token is required');
  if (bearer === null || !bearer.startsWith(SCIM_TOKEN_PREFIX)) throw refused;
  const row = await findScimTokenByHash(ctx.db, sha256Hex(bearer));
  const now = ctx.clock.now();
  if (!row || row.revoked_at !== null || Date.parse(row.expires_at) <= now.getTime()) throw refused;
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= USE_WRITE_INTERVAL_MS)
    await touchScimToken(ctx.db, row.tenant_id, row.id, now);
  return { tenantId: row.tenant_id, publicId: row.public_id };
}
