import { ALL_PERMISSIONS, isPermission, type Permission, withImplied } from './permissions.js';

/**
 * Built-in roles, fixed in code and not rows (document 3, Accounts and roles). The matrix itself
 * is "not shown" in the specification; the choices below follow its hints and are documented in
 * docs/architecture.md:
 * - Owner holds everything, and is the only built-in holder of evidence:file (document 2).
 * - Admin lacks sso:write (document 3), hence tenant:write (which implies it), and evidence:file.
 * - Owner and Admin hold directory:read, policies:approve and policies:publish (documents 1, 3).
 * - A Security Analyst submits policies rather than approving them (document 1).
 * - overview:read is held by every role (document 2).
 */
export const BUILT_IN_ROLE_IDS = ['owner', 'admin', 'security_analyst', 'auditor', 'viewer'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLE_IDS)[number];
export type RoleId = BuiltInRole | 'custom';

export interface BuiltInRoleDefinition {
  id: BuiltInRole;
  name: string;
  description: string;
  permissions: readonly Permission[];
}

const ADMIN_WITHOUT: readonly Permission[] = ['tenant:write', 'sso:write', 'evidence:file'];

function def(
  id: BuiltInRole,
  name: string,
  description: string,
  perms: readonly Permission[],
): BuiltInRoleDefinition {
  return { id, name, description, permissions: Object.freeze([...withImplied(perms)].sort()) };
}

export const BUILT_IN_ROLES: Readonly<Record<BuiltInRole, BuiltInRoleDefinition>> = Object.freeze({
  owner: def(
    'owner',
    'Owner',
    'every permission, including tenant settings and single sign-on',
    ALL_PERMISSIONS,
  ),
  admin: def(
    'admin',
    'Admin',
    'runs the service day to day; no tenant settings, single sign-on or evidence files',
    ALL_PERMISSIONS.filter((x) => !ADMIN_WITHOUT.includes(x)),
  ),
  security_analyst: def('security_analyst', 'Security Analyst', 'writes policies and triages incidents', [
    'overview:read',
    'policies:read',
    'policies:write',
    'policies:publish',
    'agents:read',
    'incidents:read',
    'incidents:write',
    'incidents:comment',
    'incidents:export',
    'evidence:read',
    'exceptions:read',
    'exceptions:decide',
    'reports:write',
    'reports:schedule',
    'discovery:read',
    'detectors:read',
    'edm:read',
    'health:read',
  ]),
  auditor: def('auditor', 'Auditor', 'reads everything needed for review, changes nothing', [
    'overview:read',
    'policies:read',
    'agents:read',
    'incidents:read',
    'exceptions:read',
    'discovery:read',
    'detectors:read',
    'audit:read',
    'audit:export',
    'health:read',
    'system:read',
  ]),
  viewer: def('viewer', 'Viewer', 'reads the overview, policies and endpoints', [
    'overview:read',
    'policies:read',
    'agents:read',
    'detectors:read',
  ]),
});

export function isBuiltInRole(value: string): value is BuiltInRole {
  return (BUILT_IN_ROLE_IDS as readonly string[]).includes(value);
}

/** What a custom-role loader reports about the role's current definition. */
export interface CustomRoleDefinition {
  permissions: readonly string[];
  retired: boolean;
  /** Endpoint-group ids the role's incidents are limited to; null or absent = tenant-wide. */
  incidentScope?: readonly string[] | null;
}

const NONE: ReadonlySet<Permission> = Object.freeze(new Set<Permission>()) as ReadonlySet<Permission>;

/**
 * The one function that turns a role into permissions, called on every request from the role's
 * current definition (document 3: a retired or missing role, an unknown stored identifier or a
 * stored tenant:write resolves to no permissions).
 */
export function resolveRolePermissions(
  role: string,
  customRole: CustomRoleDefinition | undefined | null,
): ReadonlySet<Permission> {
  if (isBuiltInRole(role)) return new Set(BUILT_IN_ROLES[role].permissions);
  if (role !== 'custom' || !customRole || customRole.retired) return NONE;
  const out = new Set<Permission>();
  for (const id of customRole.permissions) {
    if (!isPermission(id) || id === 'tenant:write') return NONE;
    out.add(id);
  }
  return out;
}

/** An API token acts as its creator, narrowed by its scopes (document 3, Authentication). */
export function narrowByScopes(
  perms: ReadonlySet<Permission>,
  scopes: readonly string[],
): ReadonlySet<Permission> {
  const allowed = withImplied(scopes.filter(isPermission));
  return new Set([...perms].filter((x) => allowed.has(x)));
}
