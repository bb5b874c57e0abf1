import { randomUUID } from 'node:crypto';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { referenceProblem, tenantSlug } from '../ldap/public.js';
import { findSource, insertSource, listSources, updateSource } from './store.js';
import type { DirectorySourceKind, DirectorySourcesTable } from './tables.js';

/** Directory sources (document 3): create (Owner), list, enable. Lookup is in lookup.ts. */

export const LIST_PAGE = 16;

export function sourceView(row: DirectorySourcesTable) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    enabled: row.enabled === 1,
    verification: row.verification,
    last_verified_at: row.last_verified_at,
    last_failure: row.last_failure,
  };
}

/** The source of this tenant, or the same 404 for a foreign and a missing id. */
export async function sourceOf(ctx: ServiceContext, tenantId: string, id: string) {
  const row = await findSource(ctx.db, tenantId, id);
  if (!row) throw new AppError('resource.not_found', 'no directory source with that id');
  return row;
}

export async function createSource(
  ctx: ServiceContext,
  actor: Principal,
  input: {
    name: string;
    credential_ref: string;
    reason: string;
    source_kind?: DirectorySourceKind | undefined;
  },
) {
  const bad = referenceProblem(input.credential_ref, await tenantSlug(ctx, actor.tenantId));
  if (bad) throw fieldError('credential_ref', bad);
  const now = ctx.clock.now().toISOString();
  const row: DirectorySourcesTable = {
    id: randomUUID(),
    tenant_id: actor.tenantId,
    name: input.name,
    kind: input.source_kind ?? 'directory_windows',
    credential_ref: input.credential_ref,
    enabled: 0,
    verification: 'unknown',
    last_verified_at: null,
    last_failure: null,
    config_version: 1,
    pinned_id: null,
    resting_until: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertSource(trx, row);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'directory.source_created',
        subject: { type: 'directory_source', id: row.id },
        metadata: { name: row.name, kind: row.kind, reason: input.reason },
      },
      trx,
    );
  });
  return { id: row.id, name: row.name, enabled: false, verification: 'unknown' as const };
}

export async function pageOfSources(ctx: ServiceContext, tenantId: string, after: string | null) {
  const rows = await listSources(ctx.db, tenantId, after, LIST_PAGE + 1);
  const page = rows.slice(0, LIST_PAGE);
  return {
    items: page.map(sourceView),
    next_after: rows.length > LIST_PAGE ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** Changing the switch clears verification and invalidates continuations (config_version). */
export async function setEnabled(
  ctx: ServiceContext,
  actor: Principal,
  id: string,
  input: { enabled: boolean; reason: string },
) {
  const row = await sourceOf(ctx, actor.tenantId, id);
  if ((row.enabled === 1) === input.enabled) return sourceView(row);
  const patch = {
    enabled: input.enabled ? 1 : 0,
    verification: 'unknown' as const,
    last_verified_at: null,
    last_failure: null,
    resting_until: null,
    config_version: row.config_version + 1,
    updated_at: ctx.clock.now().toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await updateSource(trx, actor.tenantId, id, patch);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: input.enabled ? 'directory.source_enabled' : 'directory.source_disabled',
        subject: { type: 'directory_source', id },
        metadata: { name: row.name, reason: input.reason },
      },
      trx,
    );
  });
  return sourceView({ ...row, ...patch });
}
