/** Limits and defaults of exception requests (document 2; docs/exception-requests.md). */
export const LAPSE_MS = 48 * 3_600_000;
/** An approval lasts at most eight hours; a longer ask is clamped, not refused. */
export const APPROVAL_MAX_MINUTES = 8 * 60;
export const APPROVAL_DEFAULT_MINUTES = 60;
/** The lapse pass: 30 seconds after start, then every five minutes. */
export const LAPSE_FIRST_MS = 30_000;
export const LAPSE_EVERY_MS = 5 * 60_000;
/** Pending requests one device may hold at once (designed here). */
export const PENDING_PER_DEVICE = 20;
export const DEFAULT_APPROVER_LABEL = 'your security team';
export const APPROVER_LABEL_MAX = 60;
/** How far back the agent's poll reports the states of its requests: lapse plus the longest approval. */
export const STATES_WINDOW_MS = LAPSE_MS + APPROVAL_MAX_MINUTES * 60_000;
export const REQUEST_STATES = ['pending', 'approved', 'refused', 'withdrawn', 'expired'] as const;

export function clampMinutes(asked: number | undefined): number {
  const m = asked ?? APPROVAL_DEFAULT_MINUTES;
  return Math.max(1, Math.min(APPROVAL_MAX_MINUTES, Math.floor(m)));
}
export type RequestState = (typeof REQUEST_STATES)[number];
