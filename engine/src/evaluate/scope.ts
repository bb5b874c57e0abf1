import type { Scope } from '../policy/scope-types.js';
import { isSid } from '../policy/sid.js';
import type { DecisionContext, DecisionEvent } from './types.js';

/** A scope prepared once per bundle: lists become sets, compared values pre-folded. */
export interface PreparedScope {
  empty: boolean;
  departments: boolean;
  channels: ReadonlySet<string> | null;
  operatingSystems: ReadonlySet<string> | null;
  destinations: readonly string[] | null;
  sources: readonly string[] | null;
  applications: ReadonlySet<string> | null;
  userSids: ReadonlySet<string>;
  userNames: ReadonlySet<string>;
  hasUsers: boolean;
  groups: PreparedGroups | null;
  deviceIds: ReadonlySet<string> | null;
  agentGroups: ReadonlySet<string> | null;
  excludeGroups: PreparedGroups | null;
  excludeDeviceIds: ReadonlySet<string> | null;
  excludeAgentGroups: ReadonlySet<string> | null;
}

interface PreparedGroups {
  sids: ReadonlySet<string>;
  names: ReadonlySet<string>;
}

export interface ScopeResult {
  matched: boolean;
  code: string;
  text: string;
}

const lower = (s: string): string => s.toLowerCase();

function set(list: readonly string[] | undefined, fold = false): ReadonlySet<string> | null {
  if (!list || list.length === 0) return null;
  return new Set(fold ? list.map(lower) : list);
}

function groupsOf(list: readonly string[] | undefined): PreparedGroups | null {
  if (!list || list.length === 0) return null;
  const sids = new Set<string>();
  const names = new Set<string>();
  for (const g of list) {
    // A SID compares exactly; `DOMAIN\Name` compares without case (document 1, Scope).
    if (isSid(g)) sids.add(g);
    else names.add(g.toLowerCase());
  }
  return { sids, names };
}

/** Path comparison: separators folded to `/`, without case, trailing `/` dropped. */
export function normalisePath(path: string): string {
  const p = path.replace(/\\/g, '/').toLowerCase();
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

function domainEntry(d: string): string {
  return d
    .toLowerCase()
    .replace(/^\*?\./, '')
    .replace(/\.$/, '');
}

/**
 * Typed targets are normally compiled into the legacy fields by the bundle compiler. A scope that
 * still carries targets without them (e.g. a raw version handed to simulation) must never widen:
 * endpoint and directory-group targets are read directly, and an included endpoint group whose
 * name was not compiled narrows the scope to nothing.
 */
function withTargets(scope: Scope): Scope {
  const inc = scope.include_targets ?? [];
  const exc = scope.exclude_targets ?? [];
  if (inc.length === 0 && exc.length === 0) return scope;
  const ids = (list: typeof inc, kind: string) => list.filter((t) => t.kind === kind).map((t) => t.object_id);
  const incGroups = inc.filter((t) => t.kind === 'endpoint_group');
  return {
    ...scope,
    device_ids: [...(scope.device_ids ?? []), ...ids(inc, 'endpoint')],
    groups: [...(scope.groups ?? []), ...ids(inc, 'directory_group')],
    agent_groups:
      incGroups.length > 0 && (scope.agent_groups ?? []).length === 0
        ? incGroups.map((t) => `\u0000uncompiled-endpoint-group:${t.object_id}`)
        : scope.agent_groups,
    exclude_device_ids: [...(scope.exclude_device_ids ?? []), ...ids(exc, 'endpoint')],
    exclude_groups: [...(scope.exclude_groups ?? []), ...ids(exc, 'directory_group')],
  };
}

export function prepareScope(input: Scope): PreparedScope {
  const scope = withTargets(input);
  const users = scope.user_ids ?? [];
  const c: PreparedScope = {
    empty: true,
    departments: (scope.departments?.length ?? 0) > 0,
    channels: set(scope.channels),
    operatingSystems: set(scope.operating_systems, true),
    destinations: scope.destinations?.length ? scope.destinations.map(domainEntry) : null,
    sources: scope.sources?.length ? scope.sources.map(normalisePath) : null,
    applications: set(scope.applications, true),
    userSids: new Set(users.filter(isSid)),
    userNames: new Set(users.filter((u) => !isSid(u)).map(lower)),
    hasUsers: users.length > 0,
    groups: groupsOf(scope.groups),
    deviceIds: set(scope.device_ids),
    agentGroups: set(scope.agent_groups),
    excludeGroups: groupsOf(scope.exclude_groups),
    excludeDeviceIds: set(scope.exclude_device_ids),
    excludeAgentGroups: set(scope.exclude_agent_groups),
  };
  c.empty =
    !c.departments &&
    !c.channels &&
    !c.operatingSystems &&
    !c.destinations &&
    !c.sources &&
    !c.applications &&
    !c.hasUsers &&
    !c.groups &&
    !c.deviceIds &&
    !c.agentGroups &&
    !c.excludeGroups &&
    !c.excludeDeviceIds &&
    !c.excludeAgentGroups;
  return c;
}

/**
 * The per-logon SID (S-1-5-5-x-y) and the integrity label (S-1-16-…) sit in a logon token but are
 * not memberships (document 1, evaluation rule 7); they never satisfy a group scope.
 */
function isMembership(sid: string): boolean {
  const s = sid.toUpperCase();
  return !s.startsWith('S-1-5-5-') && !s.startsWith('S-1-16-');
}

function inGroups(groups: PreparedGroups, supplied: DecisionContext['user']): boolean {
  for (const g of supplied?.groups ?? []) {
    if (!isMembership(g.sid)) continue;
    if (groups.sids.has(g.sid)) return true;
    if (g.name && groups.names.has(g.name.toLowerCase())) return true;
  }
  return false;
}

function basename(path: string): string {
  const i = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return (i >= 0 ? path.slice(i + 1) : path).toLowerCase();
}

const fail = (code: string, text: string): ScopeResult => ({ matched: false, code, text });
const MATCHED: ScopeResult = { matched: true, code: 'scope.matched', text: 'every scoped dimension matched' };
const AGENT_GROUP_NONE = fail(
  'scope.agent_group',
  'not in scope: endpoint group (this endpoint is in no endpoint group)',
);
const AGENT_GROUP_OTHER = fail(
  'scope.agent_group',
  "not in scope: endpoint group (this endpoint's group is not in the scope)",
);

/**
 * Document 1, "Scope": every non-empty dimension must match; exclusions win over every inclusion;
 * departments never apply (no agent reports one), so a department-scoped rule matches nobody.
 */
export function matchScope(scope: PreparedScope, event: DecisionEvent, ctx: DecisionContext): ScopeResult {
  if (scope.empty) return MATCHED;
  const groupsSupplied = Array.isArray(ctx.user?.groups);
  if (scope.excludeDeviceIds?.has(ctx.device.id))
    return fail('scope.excluded', 'not in scope: this endpoint is excluded');
  if (ctx.device.agent_group && scope.excludeAgentGroups?.has(ctx.device.agent_group))
    return fail('scope.excluded', "not in scope: this endpoint's group is excluded");
  if (scope.excludeGroups) {
    if (!groupsSupplied)
      return fail(
        'scope.groups_not_supplied',
        'not in scope: user group exclusion cannot be checked, no groups were supplied',
      );
    if (inGroups(scope.excludeGroups, ctx.user))
      return fail('scope.excluded', 'not in scope: a group of the user is excluded');
  }
  if (scope.departments)
    return fail(
      'scope.department_unevaluable',
      'not in scope: department (never applies: no endpoint reports a department)',
    );
  if (scope.channels && !scope.channels.has(event.channel))
    return fail('scope.channel', 'not in scope: channel');
  if (scope.operatingSystems && !scope.operatingSystems.has(ctx.device.os.toLowerCase()))
    return fail('scope.operating_system', 'not in scope: operating system');
  if (scope.destinations) {
    const host = event.destination?.domain?.toLowerCase().replace(/\.$/, '');
    if (!host || !scope.destinations.some((d) => host === d || host.endsWith(`.${d}`)))
      return fail('scope.destination', 'not in scope: destination');
  }
  if (scope.sources) {
    const src = event.source_path ? normalisePath(event.source_path) : null;
    if (!src || !scope.sources.some((s) => src === s || src.startsWith(s.endsWith('/') ? s : `${s}/`)))
      return fail('scope.source', 'not in scope: path (outside the source paths)');
  }
  if (scope.applications) {
    if (!event.application || !scope.applications.has(basename(event.application)))
      return fail('scope.application', 'not in scope: application');
  }
  if (scope.hasUsers) {
    const sid = ctx.user?.sid;
    const name = ctx.user?.name?.toLowerCase();
    if (!((sid && scope.userSids.has(sid)) || (name && scope.userNames.has(name))))
      return fail('scope.user', 'not in scope: user');
  }
  if (scope.groups) {
    if (!groupsSupplied)
      return fail('scope.groups_not_supplied', 'not in scope: user group (no groups were supplied)');
    if (!inGroups(scope.groups, ctx.user)) return fail('scope.group', 'not in scope: user group');
  }
  if (scope.deviceIds && !scope.deviceIds.has(ctx.device.id))
    return fail('scope.device', 'not in scope: endpoint');
  if (scope.agentGroups && !(ctx.device.agent_group && scope.agentGroups.has(ctx.device.agent_group)))
    return ctx.device.agent_group
      ? AGENT_GROUP_OTHER
      : // The README's enrolment (a token without agent_group) lands here: say so plainly.
        AGENT_GROUP_NONE;
  return MATCHED;
}
