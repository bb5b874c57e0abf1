import { Type } from 'typebox';
import { ENTERPRISE_USER } from './attributes.js';

/**
 * Closed response schemas of the SCIM resources (RFC 7643 sections 4 and 5, RFC 7644 section 3):
 * every field Custos sends is listed; nothing else leaves.
 */
const Str = Type.String();
const Meta = (resourceType: 'User' | 'Group') =>
  Type.Object({
    resourceType: Type.Literal(resourceType),
    created: Str,
    lastModified: Str,
    location: Str,
  });

export const ScimUser = Type.Object({
  schemas: Type.Array(Str),
  id: Str,
  externalId: Type.Optional(Str),
  userName: Str,
  name: Type.Optional(
    Type.Object({
      givenName: Type.Optional(Str),
      familyName: Type.Optional(Str),
      formatted: Type.Optional(Str),
    }),
  ),
  displayName: Type.Optional(Str),
  active: Type.Boolean(),
  emails: Type.Array(Type.Object({ value: Str, type: Type.Optional(Str), primary: Type.Boolean() })),
  [ENTERPRISE_USER]: Type.Optional(Type.Object({ department: Type.Optional(Str) })),
  meta: Meta('User'),
});

export const ScimGroup = Type.Object({
  schemas: Type.Array(Str),
  id: Str,
  externalId: Type.Optional(Str),
  displayName: Str,
  members: Type.Optional(Type.Array(Type.Object({ value: Str, display: Str, type: Type.Literal('User') }))),
  meta: Meta('Group'),
});

export const ListOf = <T extends typeof ScimUser | typeof ScimGroup>(resource: T) =>
  Type.Object({
    schemas: Type.Array(Str),
    totalResults: Type.Integer(),
    startIndex: Type.Integer(),
    itemsPerPage: Type.Integer(),
    Resources: Type.Array(resource),
  });

/** RFC 7644 section 3.12. */
export const ScimError = Type.Object({
  schemas: Type.Array(Str),
  status: Str,
  scimType: Type.Optional(Str),
  detail: Str,
});

export function scimErrors<S extends number>(...statuses: S[]): Record<S, typeof ScimError> {
  return Object.fromEntries(statuses.map((s) => [s, ScimError])) as Record<S, typeof ScimError>;
}

const Supported = Type.Object({ supported: Type.Boolean() });
export const ServiceProviderConfig = Type.Object({
  schemas: Type.Array(Str),
  documentationUri: Str,
  patch: Supported,
  bulk: Type.Object({
    supported: Type.Boolean(),
    maxOperations: Type.Integer(),
    maxPayloadSize: Type.Integer(),
  }),
  filter: Type.Object({ supported: Type.Boolean(), maxResults: Type.Integer() }),
  changePassword: Supported,
  sort: Supported,
  etag: Supported,
  authenticationSchemes: Type.Array(
    Type.Object({ type: Str, name: Str, description: Str, primary: Type.Boolean() }),
  ),
  meta: Type.Object({ resourceType: Type.Literal('ServiceProviderConfig'), location: Str }),
});

const ResourceType = Type.Object({
  schemas: Type.Array(Str),
  id: Str,
  name: Str,
  endpoint: Str,
  description: Str,
  schema: Str,
  schemaExtensions: Type.Array(Type.Object({ schema: Str, required: Type.Boolean() })),
  meta: Type.Object({ resourceType: Type.Literal('ResourceType'), location: Str }),
});
const AttributeFields = {
  name: Str,
  type: Str,
  multiValued: Type.Boolean(),
  description: Str,
  required: Type.Boolean(),
  caseExact: Type.Boolean(),
  mutability: Str,
  returned: Str,
  uniqueness: Str,
};
const SchemaAttribute = Type.Object({
  ...AttributeFields,
  subAttributes: Type.Optional(Type.Array(Type.Object(AttributeFields))),
});
/** GET /Schemas (RFC 7643 section 7). */
export const SchemaDefinitions = Type.Object({
  schemas: Type.Array(Str),
  totalResults: Type.Integer(),
  startIndex: Type.Integer(),
  itemsPerPage: Type.Integer(),
  Resources: Type.Array(
    Type.Object({
      schemas: Type.Array(Str),
      id: Str,
      name: Str,
      description: Str,
      attributes: Type.Array(SchemaAttribute),
      meta: Type.Object({ resourceType: Type.Literal('Schema'), location: Str }),
    }),
  ),
});

export const ResourceTypes = Type.Object({
  schemas: Type.Array(Str),
  totalResults: Type.Integer(),
  startIndex: Type.Integer(),
  itemsPerPage: Type.Integer(),
  Resources: Type.Array(ResourceType),
});

/**
 * Request bodies: attribute names are case-insensitive and unstored attributes are accepted and
 * ignored (document 3), so the schema only says "a JSON object"; the services read each field.
 */
export const ScimBody = Type.Object(
  { schemas: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10 })) },
  { additionalProperties: true },
);

export const ListQuery = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 512 })),
  startIndex: Type.Optional(Type.Integer()),
  count: Type.Optional(Type.Integer()),
  attributes: Type.Optional(Type.String({ maxLength: 512 })),
  excludedAttributes: Type.Optional(Type.String({ maxLength: 512 })),
});

export const ExcludeQuery = Type.Object({
  attributes: Type.Optional(Type.String({ maxLength: 512 })),
  excludedAttributes: Type.Optional(Type.String({ maxLength: 512 })),
});
