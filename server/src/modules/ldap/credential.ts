/**
 * The secret reference form of document 3: `env:<NAME>`, an environment variable bound to the
 * tenant (its name starts `DLP_SECRET_<TENANT SLUG>_`, upper-cased, `-` as `_`), whose content is
 * base64 JSON. For directory sign-in the JSON names the connection:
 * `{url, bind_dn, password, base_dn, start_tls?, ca_certificate?}`. The value is read from the configuration at
 * use; the database holds only the reference.
 */

export interface DirectoryCredential {
  url: string;
  bindDn: string;
  password: string;
  baseDn: string;
  startTls: boolean;
  /** Optional PEM the directory's certificate must chain to (`ca_certificate` in the JSON). */
  ca: string | null;
}

export function referencePrefix(tenantSlug: string): string {
  return `DLP_SECRET_${tenantSlug.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;
}

/** Why a reference cannot be used for this tenant, or null. */
export function referenceProblem(ref: string, tenantSlug: string): string | null {
  if (!ref.startsWith('env:')) return 'must be an environment reference env:<NAME>';
  const name = ref.slice(4);
  if (!/^[A-Z0-9_]+$/.test(name)) return 'must name an environment variable (A-Z, 0-9, _)';
  if (!name.startsWith(referencePrefix(tenantSlug)) || name.length === referencePrefix(tenantSlug).length)
    return `must name a variable bound to this tenant (${referencePrefix(tenantSlug)}<NAME>)`;
  return null;
}

/** Why a connection URL is refused, or null: LDAPS, or ldap:// with StartTLS; never clear text. */
export function urlProblem(url: string, startTls: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'url is not an absolute URL';
  }
  if (u.pathname !== '/' && u.pathname !== '') return 'url must have no path';
  if (u.protocol === 'ldaps:') return startTls ? 'StartTLS is for ldap:// URLs' : null;
  if (u.protocol === 'ldap:') return startTls ? null : 'an ldap:// URL needs start_tls: true';
  return 'url must be ldaps:// or ldap:// with StartTLS';
}

/** The credential the reference names, or a reason it cannot be used (never the value). */
export function resolveCredential(
  secrets: Readonly<Record<string, string>>,
  ref: string,
  tenantSlug: string,
): DirectoryCredential | { problem: string } {
  const bad = referenceProblem(ref, tenantSlug);
  if (bad) return { problem: `credential_ref ${bad}` };
  const raw = secrets[ref.slice(4)];
  if (raw === undefined) return { problem: 'the referenced environment variable is not set' };
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { problem: 'the referenced variable is not base64 JSON' };
  }
  const str = (k: string) =>
    typeof parsed[k] === 'string' && parsed[k] !== '' ? (parsed[k] as string) : null;
  const url = str('url');
  const bindDn = str('bind_dn');
  const password = str('password');
  const baseDn = str('base_dn');
  if (!url || !bindDn || !password || !baseDn)
    return { problem: 'the referenced JSON needs url, bind_dn, password and base_dn' };
  const startTls = parsed.start_tls === true;
  const urlBad = urlProblem(url, startTls);
  if (urlBad) return { problem: urlBad };
  const ca = str('ca_certificate');
  if (ca !== null && !ca.includes('-----BEGIN CERTIFICATE-----'))
    return { problem: 'the referenced ca_certificate is not a PEM certificate' };
  return { url, bindDn, password, baseDn, startTls, ca };
}
