/**
 * The `bypass_attempts` count of document 1 rule 10 (docs/exception-requests.md, Risk). What is
 * counted: justified passes through a warning or block and bypass codes the endpoint refused, for
 * the same person, in the 30 days before the event. Accepted codes are not counted. The points
 * the count is worth are `bypassPoints` (evaluate/risk.ts: log scale, saturating at five, one
 * attempt adds nothing).
 */

export type BypassKind = 'justified_pass' | 'bypass_code_refused' | 'bypass_code_accepted';

export interface BypassRecord {
  kind: BypassKind;
  /** The person's account as the endpoint reported it. */
  person: string;
  at: string;
}

export const BYPASS_WINDOW_MS = 30 * 24 * 3_600_000;

/** Account names compare without case and domain: `CORP\Ann`, `ann@corp` and `ann` are one. */
export function personKey(name: string): string {
  let n = name.trim().toLowerCase();
  const slash = n.lastIndexOf('\\');
  if (slash >= 0) n = n.slice(slash + 1);
  const at = n.indexOf('@');
  return at >= 0 ? n.slice(0, at) : n;
}

/** How many counted attempts this person made in the 30 days before `at` (the event itself excluded). */
export function countBypassAttempts(records: readonly BypassRecord[], person: string, at: Date): number {
  const who = personKey(person);
  if (who === '') return 0;
  const end = at.getTime();
  const start = end - BYPASS_WINDOW_MS;
  let n = 0;
  for (const r of records) {
    if (r.kind === 'bypass_code_accepted' || personKey(r.person) !== who) continue;
    const t = Date.parse(r.at);
    if (Number.isFinite(t) && t >= start && t < end) n += 1;
  }
  return n;
}

/** What the server holds about one exception approval (rule 10 `approved_exception`). */
export interface HeldApproval {
  state: string;
  device_id: string;
  file_hash: string;
  approved_from: string;
  approved_until: string;
}

/**
 * Rule 10: an approved exception halves the risk score only when the server holds it as approved,
 * for that device and that file content, in force at the event's time.
 */
export function approvalHalvesRisk(
  approval: HeldApproval | null | undefined,
  event: { device_id: string; file_hash: string | null; at: Date },
): boolean {
  if (approval?.state !== 'approved' || !event.file_hash) return false;
  if (approval.device_id !== event.device_id) return false;
  if (approval.file_hash.toLowerCase() !== event.file_hash.toLowerCase()) return false;
  const t = event.at.getTime();
  return Date.parse(approval.approved_from) <= t && t < Date.parse(approval.approved_until);
}
