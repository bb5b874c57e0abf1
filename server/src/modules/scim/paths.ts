/**
 * SCIM resource endpoints are matched without case (`/scim/v2/users` is `/Users`), as SCIM
 * clients differ in how they spell them and SCIM compares its own names without case (RFC 7643
 * 2.1). Only the endpoint's name after `/api/v1/scim/v2/` is respelled, before routing; ids,
 * queries and every other path stay as sent.
 */
const ENDPOINTS = ['Users', 'Groups', 'ServiceProviderConfig', 'ResourceTypes'];
const BY_LOWER = new Map(ENDPOINTS.map((e) => [e.toLowerCase(), e]));
const SCIM_PATH = /^(\/api\/v1\/scim\/v2\/)([A-Za-z]+)(?=[/?]|$)/;

export function canonicalScimUrl(url: string): string {
  const m = SCIM_PATH.exec(url);
  if (!m) return url;
  const canonical = BY_LOWER.get((m[2] as string).toLowerCase());
  if (canonical === undefined || canonical === m[2]) return url;
  return `${m[1]}${canonical}${url.slice(m[0].length)}`;
}
