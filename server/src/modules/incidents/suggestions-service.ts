import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import { scopeOf, visible } from './service.js';
import {
  type Candidate,
  sameContent,
  sameEndpointAtTheTime,
  samePersonAndPolicy,
} from './suggestions-store.js';

/** Document 2: the windows of the person/policy and endpoint reasons, and at most 10 items. */
export const PERSON_POLICY_DAYS = 14;
export const ENDPOINT_MINUTES = 10;
export const SUGGESTIONS_MAX = 10;
/** The reasons in the order they count when two suggestions tie on the number of reasons. */
export const REASONS = ['same_content', 'same_person_and_policy', 'same_endpoint_at_the_time'] as const;
type Reason = (typeof REASONS)[number];

/**
 * GET /incidents/{id}/related-suggestions (docs/incidents.md, Related suggestions): unlinked
 * incidents the caller may open, with why — never the matched value (hash, name or device).
 */
export async function relatedSuggestions(ctx: ServiceContext, p: Principal, id: string) {
  const r = await visible(ctx, p, id);
  const scope = scopeOf(p);
  const found: [Reason, Candidate[]][] = [
    ['same_content', await sameContent(ctx.db, r, scope)],
    ['same_person_and_policy', await samePersonAndPolicy(ctx.db, r, scope, PERSON_POLICY_DAYS)],
    ['same_endpoint_at_the_time', await sameEndpointAtTheTime(ctx.db, r, scope, ENDPOINT_MINUTES)],
  ];
  const byId = new Map<string, Candidate & { reasons: Reason[] }>();
  for (const [reason, rows] of found) {
    for (const c of rows) {
      const e = byId.get(c.id) ?? { ...c, reasons: [] };
      e.reasons.push(reason);
      byId.set(c.id, e);
    }
  }
  const rank = (reasons: Reason[]) => Math.min(...reasons.map((x) => REASONS.indexOf(x)));
  const items = [...byId.values()]
    .sort(
      (a, b) =>
        b.reasons.length - a.reasons.length ||
        rank(a.reasons) - rank(b.reasons) ||
        b.created_at.localeCompare(a.created_at) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, SUGGESTIONS_MAX);
  return { person_policy_days: PERSON_POLICY_DAYS, endpoint_minutes: ENDPOINT_MINUTES, items };
}
