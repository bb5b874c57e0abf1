import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { NormalisedEvent } from '../../ports/normalised-event.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';

/**
 * The answers that are a bypass attempt with a code (document 2, `agent.bypass_attempted`): a
 * refused code, and an accepted one. Justified passes and Continues are the policy working as
 * written: they count for rule 10's `bypass_attempts` and show on the incident, not in the audit
 * log (docs/incidents.md, Priority and risk).
 */
export const BYPASS_CODE_OUTCOMES: Readonly<Record<string, 'refused' | 'accepted'>> = {
  bypass_code_refused: 'refused',
  bypass_code_accepted: 'accepted',
};

/**
 * One `agent.bypass_attempted` entry per stored event whose person answered with a bypass code,
 * written in the batch's transaction (an event kept without its audit line cannot happen). The
 * subject is the device; the metadata names the event and its incident, never the code.
 */
export async function auditBypassAttempts(
  ctx: ServiceContext,
  trx: Kysely<Database> | Transaction<Database>,
  deviceId: string,
  events: readonly NormalisedEvent[],
  incidentOf: (e: NormalisedEvent) => string | null,
): Promise<number> {
  let written = 0;
  for (const e of events) {
    const outcome = e.person_prompt ? BYPASS_CODE_OUTCOMES[e.person_prompt.result] : undefined;
    if (!outcome) continue;
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'agent.bypass_attempted',
        subject: { type: 'agent', id: deviceId },
        metadata: { event_id: e.id, incident_id: incidentOf(e), policy_id: e.decided_by_policy_id, outcome },
      },
      trx,
    );
    written++;
  }
  return written;
}
