import type { Config } from '../../config.js';
import { CORE_GROUP, CORE_USER, type Email, ENTERPRISE_USER } from './attributes.js';
import type { ScimGroupsTable } from './tables.js';
import type { UserModel } from './user-model.js';
import type { LinkedUser } from './user-store.js';

/** The SCIM base URL a provider is given: `{public url}/api/v1/scim/v2`. */
export function scimBasePath(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/api/v1/scim/v2`;
}

export function modelOf(link: LinkedUser): UserModel {
  return {
    userName: link.user_name,
    externalId: link.external_id,
    givenName: link.given_name,
    familyName: link.family_name,
    formatted: link.formatted_name,
    displayName: link.display_name,
    emails: JSON.parse(link.emails) as Email[],
    active: link.active === 1,
    department: link.department,
  };
}

/** A User resource: the stored attributes; `active` is the provider's intent (document 3). */
export function userResource(link: LinkedUser, basePath: string) {
  const m = modelOf(link);
  const name = {
    ...(m.givenName !== null ? { givenName: m.givenName } : {}),
    ...(m.familyName !== null ? { familyName: m.familyName } : {}),
    ...(m.formatted !== null ? { formatted: m.formatted } : {}),
  };
  return {
    schemas: m.department !== null ? [CORE_USER, ENTERPRISE_USER] : [CORE_USER],
    id: link.id,
    ...(m.externalId !== null ? { externalId: m.externalId } : {}),
    userName: m.userName,
    ...(Object.keys(name).length > 0 ? { name } : {}),
    ...(m.displayName !== null ? { displayName: m.displayName } : {}),
    active: link.active === 1,
    emails: m.emails.map((e) => ({
      value: e.value,
      ...(e.type !== null ? { type: e.type } : {}),
      primary: e.primary,
    })),
    ...(m.department !== null ? { [ENTERPRISE_USER]: { department: m.department } } : {}),
    meta: {
      resourceType: 'User' as const,
      created: link.created_at,
      lastModified: link.updated_at,
      location: `${basePath}/Users/${link.id}`,
    },
  };
}

export interface MemberRow {
  scim_user_id: string;
  display_name: string | null;
  user_name: string;
}

export function groupResource(
  group: ScimGroupsTable,
  members: readonly MemberRow[] | null,
  basePath: string,
) {
  return {
    schemas: [CORE_GROUP],
    id: group.id,
    ...(group.external_id !== null ? { externalId: group.external_id } : {}),
    displayName: group.display_name,
    ...(members !== null
      ? {
          members: members.map((m) => ({
            value: m.scim_user_id,
            display: m.display_name ?? m.user_name,
            type: 'User' as const,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group' as const,
      created: group.created_at,
      lastModified: group.updated_at,
      location: `${basePath}/Groups/${group.id}`,
    },
  };
}
