import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, isPermission, PERMISSIONS } from '../src/http/permissions.js';
import {
  BUILT_IN_ROLE_IDS,
  BUILT_IN_ROLES,
  narrowByScopes,
  resolveRolePermissions,
} from '../src/http/roles.js';

const specDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/spec');
// Colon-separated words in the spec that are not permission identifiers (sort keys, a JSON
// example) and document 2's one spelling slip `incident:read` for incidents:read.
const NOT_PERMISSIONS = new Set(['enabled:false', 'created:desc', 'column:asc', 'incident:read']);

describe('permission catalogue', () => {
  it('covers every permission identifier the three documents name', () => {
    const named = new Set<string>();
    for (const file of fs.readdirSync(specDir).filter((f) => f.endsWith('.md'))) {
      const text = fs.readFileSync(path.join(specDir, file), 'utf8');
      for (const m of text.matchAll(/\b([a-z_]+:[a-z_]+)\b/g))
        if (!NOT_PERMISSIONS.has(m[1]!)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(30);
    expect([...named].filter((x) => !isPermission(x))).toEqual([]);
  });

  it('marks the tenant-wide permissions document 3 lists', () => {
    const tenantWide = ALL_PERMISSIONS.filter((x) => PERMISSIONS[x].tenantWide).sort();
    expect(tenantWide).toEqual(
      [
        'directory:read',
        'audit:read',
        'audit:export',
        'legal_hold:write',
        'subject_access:export',
        'identity:reveal',
        'integrations:write',
        'tenant:write',
        'behaviour:read',
        'users:write',
        'sso:write',
        'health:read',
        'health:manage',
      ].sort(),
    );
  });

  it('never lets tenant:write into a custom role', () => {
    expect(PERMISSIONS['tenant:write'].delegable).toBe(false);
  });
});

describe('built-in roles', () => {
  const has = (role: (typeof BUILT_IN_ROLE_IDS)[number], p: string) =>
    (BUILT_IN_ROLES[role].permissions as readonly string[]).includes(p);

  it('gives the Owner every permission', () => {
    expect([...BUILT_IN_ROLES.owner.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('keeps sso:write and tenant:write from Admins (tenant:write implies sso:write)', () => {
    expect(has('admin', 'sso:write')).toBe(false);
    expect(has('admin', 'tenant:write')).toBe(false);
    for (const role of BUILT_IN_ROLE_IDS) {
      if (has(role, 'tenant:write')) expect(has(role, 'sso:write')).toBe(true);
    }
  });

  it('gives evidence:file to the Owner only', () => {
    expect(BUILT_IN_ROLE_IDS.filter((r) => has(r, 'evidence:file'))).toEqual(['owner']);
  });

  it('gives overview:read to every role', () => {
    expect(BUILT_IN_ROLE_IDS.every((r) => has(r, 'overview:read'))).toBe(true);
  });

  it('lets Owner and Admin approve and read the directory; an analyst only submits', () => {
    expect(BUILT_IN_ROLE_IDS.filter((r) => has(r, 'policies:approve'))).toEqual(['owner', 'admin']);
    expect(BUILT_IN_ROLE_IDS.filter((r) => has(r, 'directory:read'))).toEqual(['owner', 'admin']);
    expect(has('security_analyst', 'policies:publish')).toBe(true);
  });

  it('gives the audit view (audit:read) to Auditors', () => {
    expect(has('auditor', 'audit:read')).toBe(true);
    expect(has('auditor', 'users:write')).toBe(false);
  });
});

describe('resolveRolePermissions', () => {
  it('resolves a live custom role, adding sso:write for nothing', () => {
    const set = resolveRolePermissions('custom', {
      permissions: ['incidents:read', 'sso:write'],
      retired: false,
    });
    expect([...set].sort()).toEqual(['incidents:read', 'sso:write']);
  });

  it('gives nothing for a retired or missing role, an unknown identifier or a stored tenant:write', () => {
    expect(resolveRolePermissions('custom', { permissions: ['incidents:read'], retired: true }).size).toBe(0);
    expect(resolveRolePermissions('custom', undefined).size).toBe(0);
    expect(
      resolveRolePermissions('custom', { permissions: ['incidents:read', 'bogus:x'], retired: false }).size,
    ).toBe(0);
    expect(resolveRolePermissions('custom', { permissions: ['tenant:write'], retired: false }).size).toBe(0);
    expect(resolveRolePermissions('superuser', undefined).size).toBe(0);
  });

  it('narrows a token by its scopes and its creator role', () => {
    const owner = resolveRolePermissions('owner', null);
    expect([...narrowByScopes(owner, ['incidents:read', 'nonsense'])]).toEqual(['incidents:read']);
    const viewer = resolveRolePermissions('viewer', null);
    expect([...narrowByScopes(viewer, ['users:write'])]).toEqual([]);
  });
});
