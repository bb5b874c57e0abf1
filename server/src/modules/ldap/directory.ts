import { AndFilter, Client, EqualityFilter, OrFilter } from 'ldapts';
import type { DirectoryCredential } from './credential.js';

/**
 * The directory conversation (ldapts over LDAPS or StartTLS; the server certificate must chain to
 * the pinned CA when one is stored, else to the system roots). Every client is unbound in
 * `finally`: an open client keeps the process alive.
 */

const TIMEOUT_MS = 5_000;
const USER_ATTRIBUTES = [
  'objectGUID',
  'objectSid',
  'mail',
  'userPrincipalName',
  'sAMAccountName',
  'displayName',
  'userAccountControl',
];
const ACCOUNTDISABLE = 0x2;

export interface DirectoryUser {
  dn: string;
  guid: string;
  mail: string | null;
  upn: string | null;
  displayName: string | null;
  disabled: boolean;
}

async function connect(cred: DirectoryCredential, ca: string | null, signal?: AbortSignal): Promise<Client> {
  const tlsOptions = { ...(ca ? { ca: [ca] } : {}), minVersion: 'TLSv1.2' as const };
  const client = new Client({
    url: cred.url,
    timeout: TIMEOUT_MS,
    connectTimeout: TIMEOUT_MS,
    ...(cred.startTls ? {} : { tlsOptions }),
  });
  // An abort (the caller's deadline) closes the socket at once, even mid-connect or mid-search.
  signal?.addEventListener('abort', () => void client.unbind().catch(() => undefined), { once: true });
  // The upgraded socket checks the certificate against the URL's host (Node's default would be
  // "localhost").
  if (cred.startTls) await client.startTLS({ ...tlsOptions, host: new URL(cred.url).hostname });
  return client;
}

/** Runs `work` on a client bound as the service account; `signal` aborts it by closing the socket. */
export async function asService<T>(
  cred: DirectoryCredential,
  ca: string | null,
  work: (client: Client) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const client = await connect(cred, ca, signal);
  try {
    await client.bind(cred.bindDn, cred.password);
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The object GUID in its usual text form (the first three fields are little-endian). */
export function guidText(b: Buffer): string {
  const h = (x: Buffer) => x.toString('hex');
  const rev = (x: Buffer) => h(Buffer.from(x).reverse());
  return `${rev(b.subarray(0, 4))}-${rev(b.subarray(4, 6))}-${rev(b.subarray(6, 8))}-${h(b.subarray(8, 10))}-${h(b.subarray(10, 16))}`;
}

/** A binary SID as S-1-…: revision, count, 48-bit big-endian authority, count × u32 little-endian. */
export function sidText(b: Buffer): string {
  const count = b.readUInt8(1);
  const authority = b.readUIntBE(2, 6);
  const subs = Array.from({ length: count }, (_, i) => b.readUInt32LE(8 + 4 * i));
  return ['S', b.readUInt8(0), authority, ...subs].join('-');
}

const first = (v: unknown): string | null => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' && x !== '' ? x : null;
};

/**
 * The person objects whose address, principal name or account name equals `login` (filter
 * built from objects, so nothing typed is parsed as filter syntax). At most two are read: more
 * than one is an ambiguous account.
 */
export async function findUsers(client: Client, baseDn: string, login: string): Promise<DirectoryUser[]> {
  const filter = new AndFilter({
    filters: [
      new EqualityFilter({ attribute: 'objectCategory', value: 'person' }),
      new EqualityFilter({ attribute: 'objectClass', value: 'user' }),
      new OrFilter({
        filters: ['mail', 'userPrincipalName', 'sAMAccountName'].map(
          (attribute) => new EqualityFilter({ attribute, value: login }),
        ),
      }),
    ],
  });
  const { searchEntries } = await client.search(baseDn, {
    scope: 'sub',
    filter,
    attributes: USER_ATTRIBUTES,
    explicitBufferAttributes: ['objectGUID', 'objectSid'],
    sizeLimit: 2,
  });
  return searchEntries.flatMap((e) => {
    const guid = Array.isArray(e.objectGUID) ? e.objectGUID[0] : e.objectGUID;
    if (!Buffer.isBuffer(guid) || guid.length !== 16) return [];
    const uac = Number(first(e.userAccountControl) ?? '0');
    return [
      {
        dn: e.dn,
        guid: guidText(guid),
        mail: first(e.mail),
        upn: first(e.userPrincipalName),
        displayName: first(e.displayName),
        disabled: (uac & ACCOUNTDISABLE) !== 0,
      },
    ];
  });
}

/** Group SIDs from tokenGroups (nested groups included); only a base search on the DN returns it. */
export async function tokenGroups(client: Client, dn: string): Promise<string[]> {
  const { searchEntries } = await client.search(dn, {
    scope: 'base',
    filter: '(objectClass=*)',
    attributes: ['tokenGroups'],
    explicitBufferAttributes: ['tokenGroups'],
  });
  const raw = searchEntries[0]?.tokenGroups;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.filter((b): b is Buffer => Buffer.isBuffer(b)).map(sidText);
}

/** True when `password` binds as `dn` (a fresh connection; the password goes nowhere else). */
export async function passwordBinds(
  cred: DirectoryCredential,
  ca: string | null,
  dn: string,
  password: string,
): Promise<boolean> {
  // An empty password is an unauthenticated bind that directories answer with success.
  if (password === '') return false;
  const client = await connect(cred, ca);
  try {
    await client.bind(dn, password);
    return true;
  } catch (error) {
    if ((error as Error).name === 'InvalidCredentialsError') return false;
    throw error;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
