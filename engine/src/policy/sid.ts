/** Windows security identifiers, as scope and target values use them. */

const SID = /^S-1-\d+(-\d+)+$/i;
const DOMAIN_SID = /^S-1-5-21-\d+-\d+-\d+$/i;

export function isSid(value: string): boolean {
  return SID.test(value);
}

/** A domain SID: `S-1-5-21-a-b-c`, the prefix of every account and group SID in the domain. */
export function isDomainSid(value: string): boolean {
  return DOMAIN_SID.test(value);
}

/** True when `sid` is an account or group SID inside `domainSid` (one relative id after it). */
export function sidInDomain(sid: string, domainSid: string): boolean {
  const prefix = `${domainSid.toUpperCase()}-`;
  const upper = sid.toUpperCase();
  return upper.startsWith(prefix) && /^\d+$/.test(upper.slice(prefix.length));
}
