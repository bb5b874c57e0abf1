import type { Scope } from '@custos/engine';
import { AppError } from '../../http/errors.js';
import type { Permission } from '../../http/permissions.js';

/**
 * Writing a version that names an object needs the lookup permission for its kind (document 1,
 * Endpoints): `agents:read` for an endpoint or endpoint group, `directory:read` for a directory
 * group. Otherwise 403 and nothing is written. Publish does not repeat the check.
 */
export function checkLookupPermissions(input: Record<string, unknown>, held: ReadonlySet<Permission>): void {
  const scopes: Scope[] = [];
  const scope = input['scope'];
  if (scope && typeof scope === 'object') scopes.push(scope as Scope);
  const exceptions = input['exceptions'];
  if (Array.isArray(exceptions))
    for (const e of exceptions)
      if (
        e &&
        typeof e === 'object' &&
        (e as { scope?: unknown }).scope &&
        typeof (e as { scope?: unknown }).scope === 'object'
      )
        scopes.push((e as { scope: Scope }).scope);
  let endpoints = false;
  let directory = false;
  for (const s of scopes) {
    if ((s.device_ids ?? []).length > 0 || (s.agent_groups ?? []).length > 0) endpoints = true;
    if ((s.groups ?? []).length > 0) directory = true;
    for (const t of [...(s.include_targets ?? []), ...(s.exclude_targets ?? [])]) {
      if (!t || typeof t !== 'object') continue;
      if (t.kind === 'endpoint' || t.kind === 'endpoint_group') endpoints = true;
      if (t.kind === 'directory_group') directory = true;
    }
  }
  if (endpoints && !held.has('agents:read'))
    throw new AppError(
      'auth.forbidden',
      'naming an endpoint or endpoint group needs the agents:read permission',
    );
  if (directory && !held.has('directory:read'))
    throw new AppError('auth.forbidden', 'naming a directory group needs the directory:read permission');
}
