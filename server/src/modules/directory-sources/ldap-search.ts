import {
  AndFilter,
  type Client,
  EqualityFilter,
  ExtensibleFilter,
  type Filter,
  LessThanEqualsFilter,
  NotFilter,
  OrFilter,
  ServerSideSortingRequestControl,
  SubstringFilter,
} from 'ldapts';
import { guidText, sidText } from '../ldap/public.js';

/**
 * The searches a Windows directory source runs (ldapts over the connection of the directory
 * sign-in module). Filters are built from filter objects, so a typed query is a value and never
 * filter syntax; `*`, `(` and `\` in a query match those characters literally. No membership
 * attribute (member, memberOf, tokenGroups) is ever requested.
 */

export const LOOKUP_ATTRIBUTES = [
  'objectSid',
  'objectGUID',
  'sAMAccountName',
  'displayName',
  'cn',
  'userAccountControl',
] as const;
const BINARY = ['objectSid', 'objectGUID'];
const ACCOUNTDISABLE = 0x2;
const MATCH_BITS = '1.2.840.113556.1.4.803';
const SECURITY_GROUP = '2147483648';
/** At most this many candidates are read for one page (sorted here, then sliced). */
const CANDIDATES = 1000;

export type LookupKind = 'user' | 'security_group';

export interface DirectoryObject {
  sid: string;
  guid: string;
  accountName: string;
  displayName: string;
  /** Users: from userAccountControl; security groups have no enabled state (null). */
  enabled: boolean | null;
}

const eq = (attribute: string, value: string) => new EqualityFilter({ attribute, value });

/** Users are person objects (computers are `objectCategory=computer`); groups carry the security bit. */
function kindFilter(kind: LookupKind): Filter {
  if (kind === 'user')
    return new AndFilter({ filters: [eq('objectCategory', 'person'), eq('objectClass', 'user')] });
  return new AndFilter({
    filters: [
      eq('objectClass', 'group'),
      new ExtensibleFilter({ matchType: 'groupType', rule: MATCH_BITS, value: SECURITY_GROUP }),
    ],
  });
}

/** Names starting with the query (indexed in AD): account, display, common and principal name. */
function queryFilter(kind: LookupKind, query: string): Filter {
  const names =
    kind === 'user'
      ? ['sAMAccountName', 'displayName', 'cn', 'userPrincipalName', 'mail']
      : ['sAMAccountName', 'cn'];
  return new OrFilter({
    filters: names.map((attribute) => new SubstringFilter({ attribute, initial: query })),
  });
}

const first = (v: unknown): string | null => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' && x !== '' ? x : null;
};

function toObject(kind: LookupKind, e: Record<string, unknown>): DirectoryObject | null {
  const sid = Array.isArray(e.objectSid) ? e.objectSid[0] : e.objectSid;
  const guid = Array.isArray(e.objectGUID) ? e.objectGUID[0] : e.objectGUID;
  const accountName = first(e.sAMAccountName);
  if (!Buffer.isBuffer(sid) || !Buffer.isBuffer(guid) || guid.length !== 16 || !accountName) return null;
  const uac = Number(first(e.userAccountControl) ?? '0');
  return {
    sid: sidText(sid),
    guid: guidText(guid),
    accountName,
    displayName: first(e.displayName) ?? first(e.cn) ?? accountName,
    enabled: kind === 'user' ? (uac & ACCOUNTDISABLE) === 0 : null,
  };
}

async function run(client: Client, baseDn: string, kind: LookupKind, filter: Filter, sizeLimit: number) {
  const { searchEntries } = await client.search(
    baseDn,
    { scope: 'sub', filter, attributes: [...LOOKUP_ATTRIBUTES], explicitBufferAttributes: BINARY, sizeLimit },
    new ServerSideSortingRequestControl({ value: { attributeType: 'sAMAccountName' } }),
  );
  return searchEntries
    .map((e) => toObject(kind, e))
    .filter((o): o is DirectoryObject => o !== null)
    .sort((a, b) => compareNames(a.accountName, b.accountName));
}

export const compareNames = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * One page of objects whose names start with `query`, ordered by account name, after the
 * account name `after` (the continuation's position). Reads `limit + 1` to know whether more follow.
 */
export async function searchPage(
  client: Client,
  baseDn: string,
  input: { kind: LookupKind; query: string; after: string | null; limit: number },
): Promise<{ items: DirectoryObject[]; more: boolean }> {
  const filters = [kindFilter(input.kind), queryFilter(input.kind, input.query)];
  if (input.after !== null)
    filters.push(
      new NotFilter({
        filter: new LessThanEqualsFilter({ attribute: 'sAMAccountName', value: input.after }),
      }),
    );
  const found = await run(client, baseDn, input.kind, new AndFilter({ filters }), CANDIDATES);
  const rest =
    input.after === null ? found : found.filter((o) => compareNames(o.accountName, input.after ?? '') > 0);
  return { items: rest.slice(0, input.limit), more: rest.length > input.limit };
}

/** The object of that SID and kind, or none (a deleted object is absent; a renamed one is found). */
export async function searchBySid(client: Client, baseDn: string, kind: LookupKind, sid: string) {
  return run(client, baseDn, kind, new AndFilter({ filters: [kindFilter(kind), eq('objectSid', sid)] }), 1);
}

/** The domain SID of the base DN's domain object (the source pins it at first contact). */
export async function domainSid(client: Client, baseDn: string): Promise<string | null> {
  const { searchEntries } = await client.search(baseDn, {
    scope: 'base',
    filter: '(objectClass=*)',
    attributes: ['objectSid'],
    explicitBufferAttributes: ['objectSid'],
  });
  const sid = searchEntries[0]?.objectSid;
  const b = Array.isArray(sid) ? sid[0] : sid;
  return Buffer.isBuffer(b) ? sidText(b) : null;
}

export interface DirectoryComputer {
  name: string;
  dnsHostName: string | null;
  operatingSystem: string | null;
  /** lastLogonTimestamp as a time, null when the account never logged on. */
  lastLogon: Date | null;
}

/** Windows FILETIME (100 ns since 1601) to a time. */
const fileTime = (v: string | null): Date | null => {
  if (!v || !/^\d+$/.test(v) || v === '0') return null;
  return new Date(Number(BigInt(v) / 10_000n) - 11_644_473_600_000);
};

/** Enabled computer accounts (paged); at most `cap`, `truncated` when more exist. */
export async function enabledComputers(
  client: Client,
  baseDn: string,
  cap: number,
): Promise<{ computers: DirectoryComputer[]; truncated: boolean }> {
  const filter = new AndFilter({
    filters: [
      eq('objectCategory', 'computer'),
      new NotFilter({
        filter: new ExtensibleFilter({
          matchType: 'userAccountControl',
          rule: MATCH_BITS,
          value: String(ACCOUNTDISABLE),
        }),
      }),
    ],
  });
  const { searchEntries } = await client.search(baseDn, {
    scope: 'sub',
    filter,
    attributes: ['name', 'dNSHostName', 'operatingSystem', 'lastLogonTimestamp'],
    paged: { pageSize: 500 },
    sizeLimit: cap + 1,
  });
  const computers = searchEntries.flatMap((e) => {
    const name = first(e.name);
    if (!name) return [];
    return [
      {
        name,
        dnsHostName: first(e.dNSHostName),
        operatingSystem: first(e.operatingSystem),
        lastLogon: fileTime(first(e.lastLogonTimestamp)),
      },
    ];
  });
  return { computers: computers.slice(0, cap), truncated: computers.length > cap };
}

/**
 * The department of the person whose account name or principal name is exactly `name` (a
 * `DOMAIN\` prefix is dropped). Two matching accounts, a disabled one, or none give null.
 */
export async function personDepartment(client: Client, baseDn: string, name: string): Promise<string | null> {
  const login = name.includes('\\') ? name.slice(name.lastIndexOf('\\') + 1) : name;
  if (login === '') return null;
  const { searchEntries } = await client.search(baseDn, {
    scope: 'sub',
    filter: new AndFilter({
      filters: [
        eq('objectCategory', 'person'),
        eq('objectClass', 'user'),
        new OrFilter({ filters: [eq('sAMAccountName', login), eq('userPrincipalName', login)] }),
      ],
    }),
    attributes: ['department', 'userAccountControl'],
    sizeLimit: 2,
  });
  if (searchEntries.length !== 1) return null;
  const e = searchEntries[0] as Record<string, unknown>;
  if ((Number(first(e.userAccountControl) ?? '0') & ACCOUNTDISABLE) !== 0) return null;
  return first(e.department);
}
