import { CORE_GROUP, CORE_USER, ENTERPRISE_USER, LIST_RESPONSE } from './attributes.js';
import { MAX_COUNT } from './filter.js';

/** GET /ServiceProviderConfig and /ResourceTypes (RFC 7643 sections 5 and 6): what Custos offers. */
export function serviceProviderConfig(basePath: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'docs/scim.md',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'SCIM token',
        description: 'A bearer SCIM token created under Settings, Identity (dlpscim_…)',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig' as const, location: `${basePath}/ServiceProviderConfig` },
  };
}

export function resourceTypes(basePath: string) {
  const types = [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A console account provisioned by the identity provider',
      schema: CORE_USER,
      schemaExtensions: [{ schema: ENTERPRISE_USER, required: false }],
      meta: { resourceType: 'ResourceType' as const, location: `${basePath}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A provider group; its name or external id maps to a role',
      schema: CORE_GROUP,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType' as const, location: `${basePath}/ResourceTypes/Group` },
    },
  ];
  return {
    schemas: [LIST_RESPONSE],
    totalResults: types.length,
    startIndex: 1,
    itemsPerPage: types.length,
    Resources: types,
  };
}
