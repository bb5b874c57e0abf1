/**
 * The incident transition table (document 2, States and transitions; the full table is a
 * decision written in docs/incidents.md). Pure: no clock, no database.
 *
 * Stored statuses are the five of document 2. A request may also name `false_positive` (a close
 * whose disposition is `detector_error`) or `accepted_risk` (a close with `business_need` that
 * reopens at `accepted_until`). Both are stored as `closed`, so every "closed" reader (open_only,
 * the policy record, sorting) sees them without another terminal state.
 */
export const STORED_STATUSES = ['new', 'triaged', 'investigating', 'awaiting_user', 'closed'] as const;
export type StoredStatus = (typeof STORED_STATUSES)[number];

export const TARGET_STATUSES = [
  'triaged',
  'investigating',
  'awaiting_user',
  'closed',
  'false_positive',
  'accepted_risk',
] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

export const DISPOSITIONS = [
  'confirmed_violation',
  'business_need',
  'coached_mistake',
  'benign',
  'false_positive',
  'detector_error',
] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

const CLOSES: readonly TargetStatus[] = ['closed', 'false_positive', 'accepted_risk'];

/**
 * From each stored status, the statuses a person may ask for. `new` is only ever a starting
 * point; `closed` only reopens to `investigating`; `awaiting_user` is left by the answer or by an
 * analyst taking the case back (investigating) or closing it.
 */
const TABLE: Readonly<Record<StoredStatus, readonly TargetStatus[]>> = {
  new: ['triaged', 'investigating', 'awaiting_user', ...CLOSES],
  triaged: ['investigating', 'awaiting_user', ...CLOSES],
  investigating: ['triaged', 'awaiting_user', ...CLOSES],
  awaiting_user: ['investigating', ...CLOSES],
  closed: ['investigating'],
};

export function isStoredStatus(s: string): s is StoredStatus {
  return (STORED_STATUSES as readonly string[]).includes(s);
}

/** The legal moves from a stored status; an unknown stored value has none. */
export function allowedTransitions(from: string): TargetStatus[] {
  return isStoredStatus(from) ? [...TABLE[from]] : [];
}

export function isClose(target: TargetStatus): boolean {
  return CLOSES.includes(target);
}

export function storedStatusOf(target: TargetStatus): StoredStatus {
  return target === 'false_positive' || target === 'accepted_risk' ? 'closed' : target;
}

/** A reopen is any move out of `closed`: it clears disposition and resolution. */
export function isReopen(from: string, target: TargetStatus): boolean {
  return from === 'closed' && !isClose(target);
}

export type DispositionDecision = { ok: true; disposition: string | null } | { ok: false; message: string };

/**
 * Document 2: a close needs a disposition; `false_positive` is `detector_error`, given when not
 * sent, and `detector_error` goes with no other status. An open status takes none.
 */
export function decideDisposition(target: TargetStatus, sent: Disposition | undefined): DispositionDecision {
  if (!isClose(target)) {
    return sent === undefined
      ? { ok: true, disposition: null }
      : { ok: false, message: 'an open status takes none' };
  }
  const normalised = sent === 'false_positive' ? 'detector_error' : sent;
  if (target === 'false_positive') {
    if (normalised === undefined || normalised === 'detector_error')
      return { ok: true, disposition: 'detector_error' };
    return { ok: false, message: 'false_positive closes with detector_error only' };
  }
  if (target === 'accepted_risk') {
    if (normalised === undefined || normalised === 'business_need')
      return { ok: true, disposition: 'business_need' };
    return { ok: false, message: 'accepted_risk closes with business_need only' };
  }
  if (normalised === undefined) return { ok: false, message: 'a close needs a disposition' };
  if (normalised === 'detector_error')
    return { ok: false, message: 'detector_error goes with status false_positive only' };
  return { ok: true, disposition: normalised };
}
