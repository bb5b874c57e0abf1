import type { Scope, TypedTarget } from './scope-types.js';

/** What the bundle compiler needs to resolve typed targets (the server answers from its tables). */
export interface ScopeResolver {
  /** The endpoint group's current name, or null when the group no longer exists. */
  endpointGroupName(groupId: string): string | null;
}

/**
 * A name no endpoint group can have (group names never contain NUL): a deleted included group
 * compiles to it, so the policy narrows to nothing instead of widening (document 1, "Typed target").
 */
export function deletedGroupName(groupId: string): string {
  return `\u0000deleted-endpoint-group:${groupId}`;
}

function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

/**
 * Writes typed targets into the legacy fields an older agent evaluates: includes into `groups`
 * (SID), `device_ids` (agent id), `agent_groups` (group name at compile time); excludes into the
 * compiler-only `exclude_*` lists. Every list comes out sorted and de-duplicated.
 */
export function compileScope(scope: Scope, resolver: ScopeResolver): Scope {
  const groups = [...(scope.groups ?? [])];
  const deviceIds = [...(scope.device_ids ?? [])];
  const agentGroups = [...(scope.agent_groups ?? [])];
  const exGroups: string[] = [];
  const exDevices: string[] = [];
  const exAgentGroups: string[] = [];
  const include = (t: TypedTarget): void => {
    if (t.kind === 'directory_group') groups.push(t.object_id);
    else if (t.kind === 'endpoint') deviceIds.push(t.object_id);
    else agentGroups.push(resolver.endpointGroupName(t.object_id) ?? deletedGroupName(t.object_id));
  };
  const exclude = (t: TypedTarget): void => {
    if (t.kind === 'directory_group') exGroups.push(t.object_id);
    else if (t.kind === 'endpoint') exDevices.push(t.object_id);
    else {
      // An excluded endpoint group that no longer exists excludes nobody.
      const name = resolver.endpointGroupName(t.object_id);
      if (name !== null) exAgentGroups.push(name);
    }
  };
  for (const t of scope.include_targets ?? []) include(t);
  for (const t of scope.exclude_targets ?? []) exclude(t);
  const out: Scope = {};
  const put = (key: keyof Scope, values: string[] | undefined): void => {
    if (values && values.length > 0) (out as Record<string, string[]>)[key] = sortedUnique(values);
  };
  put('departments', scope.departments);
  put('channels', scope.channels);
  put('operating_systems', scope.operating_systems);
  put('destinations', scope.destinations);
  put('sources', scope.sources);
  put('applications', scope.applications);
  put('user_ids', scope.user_ids);
  put('groups', groups);
  put('device_ids', deviceIds);
  put('agent_groups', agentGroups);
  put('exclude_groups', exGroups);
  put('exclude_device_ids', exDevices);
  put('exclude_agent_groups', exAgentGroups);
  const byKey = (a: TypedTarget, b: TypedTarget): number =>
    a.kind === b.kind
      ? a.object_id < b.object_id
        ? -1
        : a.object_id > b.object_id
          ? 1
          : 0
      : a.kind < b.kind
        ? -1
        : 1;
  if (scope.include_targets?.length) out.include_targets = [...scope.include_targets].sort(byKey);
  if (scope.exclude_targets?.length) out.exclude_targets = [...scope.exclude_targets].sort(byKey);
  return out;
}

/** True when the compiled scope carries an exclusion, which needs agent capability `scope_exclusions`. */
export function scopeHasExclusions(scope: Scope): boolean {
  return Boolean(
    scope.exclude_groups?.length || scope.exclude_device_ids?.length || scope.exclude_agent_groups?.length,
  );
}
