import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { seal, UnsealError, unseal } from '../../crypto/seal.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import { withDirectory } from './directory-call.js';
import { type DirectoryObject, type LookupKind, searchBySid, searchPage } from './ldap-search.js';
import { sourceOf } from './service.js';

/**
 * POST /directory-sources/{id}/lookup (document 3). One literal query (2–128 characters) or one
 * stable id; at most 100 minimal objects a page. Continuations are sealed under a key made when
 * the process starts, so a restart or another instance needs a fresh search, and bound (as the
 * seal's associated data) to actor, tenant, source, configuration, query, kind and limit; they
 * expire after five minutes.
 */

export const CURSOR_TTL_MS = 5 * 60_000;
const cursorKey = randomBytes(32);

export interface LookupInput {
  kind: LookupKind;
  query?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
  object_sid?: string | undefined;
  object_id?: string | undefined;
}

const SID = /^S-1-5-21(-\d{1,10}){3}(-\d{1,10})?$/;

/** A SID directly under the domain (domain SID plus one relative id). */
export const inDomain = (sid: string, domain: string) =>
  sid.startsWith(`${domain}-`) && /^\d+$/.test(sid.slice(domain.length + 1));

function cursorContext(
  actor: Principal,
  sourceId: string,
  version: number,
  kind: string,
  limit: number,
  query: string,
) {
  return JSON.stringify([
    'directory-lookup',
    actor.tenantId,
    actor.userId,
    sourceId,
    version,
    kind,
    limit,
    query,
  ]);
}

function view(sourceId: string, kind: LookupKind, o: DirectoryObject, domain: string, observedAt: string) {
  return {
    source_id: sourceId,
    kind,
    object_sid: o.sid,
    object_guid: o.guid,
    name: o.displayName,
    account_name: o.accountName,
    domain_sid: domain,
    enabled: o.enabled,
    // Windows-directory users are never typed targets; a group outside the domain (a builtin) neither.
    selectable: kind === 'security_group' && inDomain(o.sid, domain),
    observed_at: observedAt,
  };
}

function checkShape(input: LookupInput, kind: string): void {
  const given = [input.query, input.object_sid, input.object_id].filter((x) => x !== undefined).length;
  if (given !== 1) throw fieldError('query', 'give exactly one of query, object_sid or object_id');
  if (input.query === undefined && (input.cursor !== undefined || input.limit !== undefined))
    throw fieldError('cursor', 'cursor and limit go with a query only');
  if (input.object_sid !== undefined && kind !== 'directory_windows')
    throw fieldError('object_sid', 'object_sid is for a Windows directory source; use object_id');
  if (input.object_id !== undefined && kind !== 'directory_cloud')
    throw fieldError('object_id', 'object_id is for a cloud directory source; use object_sid');
  if (input.object_sid !== undefined && !SID.test(input.object_sid))
    throw fieldError('object_sid', 'must be a domain SID (S-1-5-21-…)');
}

export async function lookup(
  ctx: ServiceContext,
  config: Config,
  actor: Principal,
  sourceId: string,
  input: LookupInput,
) {
  if (actor.incidentScope && actor.incidentScope.length > 0)
    throw new AppError('auth.forbidden', 'a role scoped to endpoint groups cannot query the directory');
  const source = await sourceOf(ctx, actor.tenantId, sourceId);
  checkShape(input, source.kind);
  if (source.enabled !== 1) throw new AppError('resource.conflict', 'the directory source is disabled');
  const limit = input.limit ?? 25;
  const observedAt = ctx.clock.now().toISOString();
  if (input.query === undefined) {
    const sid = input.object_sid as string | undefined;
    const found = await withDirectory(ctx, config, source, async (client, baseDn, domain) => {
      if (sid === undefined) return { items: [], domain };
      return { items: await searchBySid(client, baseDn, input.kind, sid), domain };
    });
    return {
      items: found.items.map((o) => view(source.id, input.kind, o, found.domain, observedAt)),
      next_cursor: null,
    };
  }
  const query = input.query;
  const context = cursorContext(actor, source.id, source.config_version, input.kind, limit, query);
  let after: string | null = null;
  if (input.cursor !== undefined) {
    try {
      const open = JSON.parse(unseal(cursorKey, input.cursor, context).toString('utf8')) as {
        a: string;
        e: number;
      };
      if (open.e <= ctx.clock.now().getTime()) throw new UnsealError();
      after = open.a;
    } catch {
      throw fieldError('cursor', 'the continuation expired or belongs to another search; search again');
    }
  }
  const page = await withDirectory(ctx, config, source, async (client, baseDn, domain) => ({
    ...(await searchPage(client, baseDn, { kind: input.kind, query, after, limit })),
    domain,
  }));
  const last = page.items[page.items.length - 1];
  const next =
    page.more && last
      ? seal(
          cursorKey,
          JSON.stringify({ a: last.accountName, e: ctx.clock.now().getTime() + CURSOR_TTL_MS }),
          context,
        )
      : null;
  return {
    items: page.items.map((o) => view(source.id, input.kind, o, page.domain, observedAt)),
    next_cursor: next,
  };
}
