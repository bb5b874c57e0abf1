import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * A policy's incident record for the policy list (document 1, Endpoints: `GET /policies` rows
 * `record`): its closed incidents and how many were false positives. Read-only.
 */

export interface IncidentRecord {
  closed: number;
  false_positives: number;
}

/** Dispositions that say the rule was wrong (document 2: false_positive is detector_error). */
export const FALSE_POSITIVE_DISPOSITIONS = ['false_positive', 'detector_error'] as const;

/**
 * Per policy, its closed incidents and how many of them were closed as false positives.
 * Incidents marked as tests are left out: they judge a rehearsal, not the rule.
 */
export async function closedIncidentRecord(
  db: Kysely<Database>,
  tenantId: string,
): Promise<Map<string, IncidentRecord>> {
  const rows = await db
    .selectFrom('incidents')
    .select((eb) => [
      'policy_id',
      eb.fn.countAll<number>().as('closed'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('disposition', 'in', [...FALSE_POSITIVE_DISPOSITIONS])
            .then(1)
            .else(0)
            .end(),
        )
        .as('fp'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'closed')
    .where('synthetic', '=', 0)
    .where('policy_id', 'is not', null)
    .groupBy('policy_id')
    .execute();
  const out = new Map<string, IncidentRecord>();
  for (const r of rows)
    if (r.policy_id) out.set(r.policy_id, { closed: Number(r.closed), false_positives: Number(r.fp ?? 0) });
  return out;
}
