/**
 * The permission catalogue: every identifier the three specification documents name. These are
 * stable wire strings (document 3, Versioning) shared by roles and API-token scopes. Served by
 * `GET /roles/permissions` (id, description, domain, sensitivity, delegable).
 *
 * `tenantWide` marks the permissions document 3 lists as tenant-wide: a custom role with an
 * `incident_scope` may not hold them. `delegable: false` = never in a custom role.
 */
export interface PermissionInfo {
  description: string;
  domain: string;
  sensitivity: 'low' | 'medium' | 'high';
  delegable: boolean;
  tenantWide: boolean;
}

const p = (
  domain: string,
  sensitivity: PermissionInfo['sensitivity'],
  description: string,
  opts: { tenantWide?: boolean; delegable?: boolean } = {},
): PermissionInfo => ({
  description,
  domain,
  sensitivity,
  delegable: opts.delegable ?? true,
  tenantWide: opts.tenantWide ?? false,
});

export const PERMISSIONS = {
  'overview:read': p('overview', 'low', 'read the overview figures'),
  'policies:read': p('policies', 'low', 'read policies, bundles, prompt messages, simulate'),
  'policies:write': p(
    'policies',
    'medium',
    'create and edit policy drafts, prompt messages, approved devices',
  ),
  'policies:publish': p('policies', 'high', 'publish (or submit for approval), disable, reorder, roll back'),
  'policies:approve': p('policies', 'high', 'approve or reject policy releases and governed disables'),
  'agents:read': p('agents', 'low', 'read endpoints and endpoint groups'),
  'agents:write': p('agents', 'high', 'manage enrolment tokens, endpoint groups, device revocation, updates'),
  'directory:read': p('directory', 'medium', 'look up directory people and groups', { tenantWide: true }),
  'incidents:read': p('incidents', 'medium', 'read incidents, saved views, teams, reports'),
  'incidents:write': p('incidents', 'medium', 'triage, assign, close and link incidents'),
  'incidents:comment': p('incidents', 'low', 'comment on incidents'),
  'incidents:export': p('incidents', 'high', 'export incidents and reports'),
  'evidence:read': p('evidence', 'high', 'open evidence previews with a justification'),
  'evidence:file': p('evidence', 'high', 'download stored evidence file copies'),
  'exceptions:read': p('exceptions', 'medium', 'read exception requests'),
  'exceptions:decide': p('exceptions', 'high', 'approve or reject exception requests'),
  'reports:write': p('reports', 'medium', 'create and change reports'),
  'reports:schedule': p('reports', 'medium', 'schedule report delivery'),
  'integrations:write': p('integrations', 'high', 'configure delivery destinations and integrations', {
    tenantWide: true,
  }),
  'discovery:read': p('discovery', 'medium', 'read discovery scans and findings'),
  'detectors:read': p('detectors', 'low', 'read detectors, labels and user tags'),
  'edm:read': p('detectors', 'medium', 'read exact-data-match datasets'),
  'behaviour:read': p('incidents', 'high', 'see per-person behaviour rankings', { tenantWide: true }),
  'identity:reveal': p('incidents', 'high', 'reveal withheld person names', { tenantWide: true }),
  'audit:read': p('audit', 'medium', 'read the audit log, the user directory and role matrix', {
    tenantWide: true,
  }),
  'audit:export': p('audit', 'high', 'export the audit log', { tenantWide: true }),
  'legal_hold:write': p('compliance', 'high', 'place and lift legal holds', { tenantWide: true }),
  'subject_access:export': p('compliance', 'high', 'export data held about a person', { tenantWide: true }),
  'health:read': p('system', 'low', 'read fleet and service health', { tenantWide: true }),
  'health:manage': p('system', 'medium', 'act on fleet and service health', { tenantWide: true }),
  'system:read': p('system', 'low', 'read tenant sign-in and system settings'),
  'users:write': p(
    'users',
    'high',
    'invite, change, disable and unlock accounts; manage roles and sessions',
    {
      tenantWide: true,
    },
  ),
  'sso:write': p('users', 'high', 'configure single sign-on, directory sign-in and provisioning', {
    tenantWide: true,
  }),
  'tenant:manage': p('tenant', 'high', 'manage tenant-wide operational settings and signing keys'),
  'tenant:write': p('tenant', 'high', 'change tenant settings; implies sso:write', {
    tenantWide: true,
    delegable: false,
  }),
} as const satisfies Record<string, PermissionInfo>;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS: readonly Permission[] = Object.keys(PERMISSIONS).sort() as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

/** Document 3: `tenant:write` implies `sso:write`. Applied wherever a set is resolved. */
export function withImplied(perms: Iterable<Permission>): Set<Permission> {
  const set = new Set(perms);
  if (set.has('tenant:write')) set.add('sso:write');
  return set;
}
