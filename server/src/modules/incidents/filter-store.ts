import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { incidentHasEvent } from '../agent-events/public.js';
import type { MoreFilter } from './list-filters.js';
import { slaCondition } from './sla-store.js';
import type { LocationState } from './tables.js';

const NONE = sql<boolean>`1 = 0`;

/** A LIKE pattern matching `"key":"value"` inside a stored event payload (JSON.stringify form). */
function payloadPair(key: string, value: string): string {
  const text = JSON.stringify({ [key]: value }).slice(1, -1);
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * The SQL of the filters in list-filters.ts (docs/incidents.md, Queue filters). Filters read from
 * the incident's events use agent-events' EXISTS over its (incident_id, occurred_at) index; the
 * payload is matched as the exact JSON pair ingest stores, so both dialects run the same text.
 */
// biome-ignore lint/suspicious/noExplicitAny: the builder's selection varies between count and rows.
export function applyMoreFilters<Q extends SelectQueryBuilder<Database, 'incidents', any>>(
  q: Q,
  f: MoreFilter,
): Q {
  let out = q;
  if (f.actions?.length) out = out.where('incidents.action', 'in', f.actions) as Q;
  if (f.minRisk !== undefined && f.minRisk > 0) out = out.where('incidents.risk_score', '>=', f.minRisk) as Q;
  if (f.origin === 'real') out = out.where('incidents.synthetic', '=', 0) as Q;
  else if (f.origin === 'test') out = out.where('incidents.synthetic', '=', 1) as Q;
  else if (f.origin === 'analyst')
    out = out
      .where('incidents.synthetic', '=', 1)
      .where((eb) =>
        eb.or([
          eb('incidents.synthetic_by', 'is', null),
          eb('incidents.synthetic_by', 'not in', ['test_policy', 'test_folder']),
        ]),
      ) as Q;
  else if (f.origin)
    out = out.where('incidents.synthetic', '=', 1).where('incidents.synthetic_by', '=', f.origin) as Q;
  if (f.category !== undefined) {
    const like = payloadPair('category', f.category);
    out = out.where((eb) => incidentHasEvent(eb, { payloadLike: like })) as Q;
  }
  if (f.enforcement !== undefined) {
    // An incident is `reduced_by_capability` when any of its events was; `applied` otherwise.
    const like = payloadPair('enforcement', 'reduced_by_capability');
    out = out.where((eb) => {
      const reduced = incidentHasEvent(eb, { payloadLike: like });
      return f.enforcement === 'applied' ? eb.not(reduced) : reduced;
    }) as Q;
  }
  if (f.person !== undefined) {
    out = out.where((eb) => incidentHasEvent(eb, { userId: f.person ?? '' })) as Q;
  }
  if (f.fileStates?.length) {
    const states = f.fileStates as LocationState[];
    out = out.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('incident_locations')
          .select(sql`1`.as('one'))
          .whereRef('incident_locations.incident_id', '=', 'incidents.id')
          .where('incident_locations.state', 'in', states),
      ),
    ) as Q;
  }
  if (f.sla !== undefined) {
    // Without the targets and the clock the filter cannot be judged: it matches nothing.
    const at = f.slaAt;
    const sla = f.sla;
    out = (at ? out.where((eb) => slaCondition(eb, sla, at.targets, at.now)) : out.where(NONE)) as Q;
  }
  // No incident records an anomaly or a regime yet (docs/incidents.md, Queue filters): the value
  // is checked and the filter matches nothing rather than being ignored.
  if (f.anomaly !== undefined || f.regime !== undefined) out = out.where(NONE) as Q;
  return out;
}
