import { findUserById } from '../../http/auth-store.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { hasFreshStepUp } from '../../http/step-up.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import type { IncidentTestFoldersTable } from './misc-tables.js';
import { isAboutAccount } from './self-action.js';
import { scopeOf } from './service.js';
import { type Folder, folderOf, parentOf, parseFolder } from './test-folders.js';
import {
  markByFolder,
  openAtRestPaths,
  openAtRestUnder,
  replaceTestFolders,
  testFolders,
} from './test-folders-store.js';
import { timeOrderedId } from './time-ordered-id.js';
import type { WorkflowCall } from './workflow-service.js';
import { insertHistory } from './workflow-store.js';

/** docs/incidents.md, Test folders: the suggestion's bounds. */
export const SUGGESTION_SCAN = 10_000;
export const SUGGESTION_MIN_OPEN = 5;
export const SUGGESTION_MIN_SHARE = 0.25;

function view(rows: IncidentTestFoldersTable[]) {
  return rows.map((r) => ({ path: r.path, added_by_email: r.added_by_email, added_at: r.added_at }));
}

export async function getTestFolders(ctx: ServiceContext, p: Principal) {
  return { folders: view(await testFolders(ctx.db, p.tenantId)) };
}

function stepUpRequired(): AppError {
  return new AppError('auth.step_up_required', 'confirm your sign-in first (step-up enforcement_bypass)', [
    { field: 'purpose', message: 'enforcement_bypass' },
  ]);
}

/** The request's folders, each checked (422 on `folders[n]`), none twice and none inside another. */
function parseAll(raw: string[]): Folder[] {
  const out: Folder[] = [];
  raw.forEach((r, i) => {
    const f = parseFolder(r);
    if (typeof f === 'string') throw fieldError(`folders[${i}]`, f);
    const clash = out.find(
      (o) => o.key === f.key || folderOf([o], f.path) !== null || folderOf([f], o.path) !== null,
    );
    if (clash) throw fieldError(`folders[${i}]`, 'repeats or lies inside another folder of the list');
    out.push(f);
  });
  return out;
}

/**
 * POST /settings/test-folders: the full list replaces the stored one. Adding a folder turns
 * enforcement reporting off for what lands there, so it needs a fresh `enforcement_bypass`
 * step-up; removing one does not (it only restores reporting).
 */
export async function setTestFolders(c: WorkflowCall, body: { folders: string[]; reason: string }) {
  const { ctx, principal: p } = c;
  const wanted = parseAll(body.folders);
  const reason = body.reason.trim();
  if (reason.length < 5) throw fieldError('reason', 'must be at least 5 characters');
  const current = await testFolders(ctx.db, p.tenantId);
  const currentKeys = new Set(current.map((f) => f.path_key));
  const wantedKeys = new Set(wanted.map((f) => f.key));
  const added = wanted.filter((f) => !currentKeys.has(f.key));
  const removed = current.filter((f) => !wantedKeys.has(f.path_key));
  const now = ctx.clock.now();
  if (
    added.length > 0 &&
    !(
      p.sessionId !== undefined &&
      (await hasFreshStepUp(ctx.db, p.tenantId, p.sessionId, 'enforcement_bypass', now))
    )
  )
    throw stepUpRequired();
  if (added.length === 0 && removed.length === 0) return { folders: view(current), changed: false };
  const email = (await findUserById(ctx.db, p.tenantId, p.userId))?.email ?? null;
  await ctx.db.transaction().execute(async (trx) => {
    await replaceTestFolders(
      trx,
      p.tenantId,
      removed.map((f) => f.path_key),
      added.map((f) => ({
        tenant_id: p.tenantId,
        path: f.path,
        path_key: f.key,
        added_by: p.userId,
        added_by_email: email,
        added_at: now.toISOString(),
      })),
    );
    await ctx.audit.write(
      auditContextFor(c.ctx),
      {
        action: 'settings.test_folders_changed',
        subject: { type: 'tenant', id: p.tenantId },
        metadata: {
          folders_added: added.map((f) => f.path),
          folders_removed: removed.map((f) => f.path),
          total: wanted.length,
          reason,
        },
      },
      trx,
    );
  });
  return { folders: view(await testFolders(ctx.db, p.tenantId)), changed: true };
}

/** Both spellings of a Windows key for the SQL prefilter (endpoints may write either separator). */
function prefixesOf(folders: IncidentTestFoldersTable[]): string[] {
  return folders.flatMap((f) => {
    const sep = f.path_key.includes('\\') ? '\\' : '/';
    const k = f.path_key + sep;
    return sep === '\\' ? [k, k.replace(/\\/g, '/')] : [k];
  });
}

/**
 * POST /settings/test-folders/apply: marks the open, real incidents already raised from an
 * at-rest event under a test folder, as the creation rule would have. An incident about the
 * actor's own account is left real and counted (self-action, document 2).
 */
export async function applyTestFolders(c: WorkflowCall, body: { reason: string }) {
  const { ctx, principal: p } = c;
  const reason = body.reason.trim();
  if (reason.length < 5) throw fieldError('reason', 'must be at least 5 characters');
  const stored = await testFolders(ctx.db, p.tenantId);
  const folders = stored.map((f) => ({ path: f.path, key: f.path_key }));
  const candidates = (await openAtRestUnder(ctx.db, p.tenantId, prefixesOf(stored), scopeOf(p))).filter(
    (r) => folderOf(folders, r.file_path) !== null,
  );
  const user = await findUserById(ctx.db, p.tenantId, p.userId);
  const email = user?.email ?? null;
  const own = candidates.filter((r) => isAboutAccount(r, email));
  const marked = candidates.filter((r) => !isAboutAccount(r, email));
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await markByFolder(
      trx,
      marked.map((r) => r.id),
      now,
    );
    for (const r of marked)
      await insertHistory(trx, {
        id: timeOrderedId(now),
        tenant_id: r.tenant_id,
        incident_id: r.id,
        at: now.toISOString(),
        actor_type: auditContextFor(c.ctx).actor.type,
        actor_id: auditContextFor(c.ctx).actor.id,
        actor_email: email,
        kind: 'synthetic',
        from_value: 'real',
        to_value: 'test',
        disposition: null,
        note: `test folder ${folderOf(folders, r.file_path)?.path}: ${reason}`.slice(0, 10_000),
        request_id: c.ctx.requestId,
        correlation_id: null,
      });
    await ctx.audit.write(
      auditContextFor(c.ctx),
      {
        action: 'incidents.marked_by_test_folders',
        subject: { type: 'tenant', id: p.tenantId },
        metadata: { marked: marked.length, folders: stored.length, skipped_self: own.length, reason },
      },
      trx,
    );
  });
  return { marked: marked.length, folders: stored.length, skipped_self: own.length };
}

/**
 * GET /incidents/test-folder-suggestion: the folder holding the most open, real at-rest
 * incidents, offered only when it holds at least 5 of them and a quarter of the tenant's open
 * real incidents, is not yet a test folder and could be one. Null otherwise.
 */
export async function testFolderSuggestion(ctx: ServiceContext, p: Principal) {
  const folders = (await testFolders(ctx.db, p.tenantId)).map((f) => ({ path: f.path, key: f.path_key }));
  const { paths, open } = await openAtRestPaths(ctx.db, p.tenantId, SUGGESTION_SCAN);
  const counts = new Map<string, { folder: string; n: number }>();
  for (const path of paths) {
    if (folderOf(folders, path)) continue;
    const parent = parentOf(path);
    if (parent === null || typeof parseFolder(parent) === 'string') continue;
    const key = (parseFolder(parent) as Folder).key;
    const e = counts.get(key) ?? { folder: parent, n: 0 };
    e.n += 1;
    counts.set(key, e);
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n || a.folder.localeCompare(b.folder))[0];
  if (!best || best.n < SUGGESTION_MIN_OPEN || best.n < open * SUGGESTION_MIN_SHARE) return null;
  return { folder: best.folder, open: best.n, of_open: open };
}
