import { CORE_GROUP, CORE_USER, ENTERPRISE_USER, LIST_RESPONSE } from './attributes.js';

/**
 * GET /Schemas (RFC 7643 section 7, RFC 7644 section 4): the attributes Custos stores, so a
 * provider's mapping screen shows what will be kept. Anything else is accepted and ignored
 * (document 3), so it is not described here.
 */
interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: Omit<Attribute, 'subAttributes'>[];
}

const text = (name: string, description: string, extra: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const USER_ATTRIBUTES: Attribute[] = [
  text('userName', 'The sign-in name; matched against the single sign-on subject and address', {
    required: true,
    uniqueness: 'server',
  }),
  {
    ...text('name', 'The parts of the person’s name shown in the console'),
    type: 'complex',
    subAttributes: [
      text('formatted', 'The full name'),
      text('familyName', 'The family name'),
      text('givenName', 'The given name'),
    ],
  },
  text('displayName', 'The name shown in the console'),
  {
    ...text('active', 'false disables the account and ends its sessions'),
    type: 'boolean',
  },
  {
    ...text('emails', 'Addresses; the primary one (or the first) is the console account’s address'),
    type: 'complex',
    multiValued: true,
    subAttributes: [
      text('value', 'An e-mail address in one of the tenant’s allowed domains'),
      text('type', 'A label such as work'),
      { ...text('primary', 'Whether this is the primary address'), type: 'boolean' },
    ],
  },
];

const GROUP_ATTRIBUTES: Attribute[] = [
  text('displayName', 'The group’s name; matched by the single sign-on role mappings', { required: true }),
  {
    ...text('members', 'The group’s users'),
    type: 'complex',
    multiValued: true,
    subAttributes: [
      text('value', 'The id of a provisioned user', { caseExact: true, mutability: 'immutable' }),
      text('display', 'The user’s name', { mutability: 'readOnly' }),
      text('type', 'Always User', { mutability: 'immutable' }),
    ],
  },
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [text('department', 'The department shown on incidents')];

export function schemaDefinitions(basePath: string) {
  const schema = (id: string, name: string, description: string, attributes: Attribute[]) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema' as const, location: `${basePath}/Schemas/${id}` },
  });
  const items = [
    schema(CORE_USER, 'User', 'User Account', USER_ATTRIBUTES),
    schema(ENTERPRISE_USER, 'EnterpriseUser', 'Enterprise User', ENTERPRISE_ATTRIBUTES),
    schema(CORE_GROUP, 'Group', 'Group', GROUP_ATTRIBUTES),
  ];
  return {
    schemas: [LIST_RESPONSE],
    totalResults: items.length,
    startIndex: 1,
    itemsPerPage: items.length,
    Resources: items,
  };
}
