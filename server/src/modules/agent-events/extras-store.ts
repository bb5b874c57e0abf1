import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { Database } from '../../db/database.js';
import type { NormalisedEvent } from '../../ports/normalised-event.js';
import type { EventRowContext } from './store.js';
import './extras-tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const CHUNK = 100;

/**
 * Stores what a batch's events carried beside their row: the person's answer to a prompt and
 * the masked detector previews (docs/incidents.md, Justifications and Detector previews).
 */
export async function insertEventExtras(
  db: Db,
  events: readonly NormalisedEvent[],
  ctx: (e: NormalisedEvent) => EventRowContext,
): Promise<void> {
  const prompts = events
    .filter((e) => e.person_prompt !== null)
    .map((e) => {
      const p = e.person_prompt!;
      const c = ctx(e);
      return {
        device_id: c.deviceId,
        event_id: e.id,
        tenant_id: c.tenantId,
        incident_id: c.incidentId,
        occurred_at: e.occurred_at,
        kind: p.kind,
        held: p.held ? 1 : 0,
        result: p.result,
        category: p.category,
        answer_text: p.text,
        text_withheld: p.text_withheld,
        rule_problems: JSON.stringify(p.rule_problems),
        not_asked_reason: p.not_asked_reason,
        covered_by_burst: p.covered_by_burst ? 1 : 0,
        notice_reference: p.notice_reference,
      };
    });
  for (let i = 0; i < prompts.length; i += CHUNK)
    await db
      .insertInto('event_person_prompts')
      .values(prompts.slice(i, i + CHUNK))
      .execute();
  const previews = events.flatMap((e) => {
    const c = ctx(e);
    return e.previews.map((p) => ({
      device_id: c.deviceId,
      event_id: e.id,
      detector_id: p.detector_id,
      tenant_id: c.tenantId,
      incident_id: c.incidentId,
      occurred_at: e.occurred_at,
      previews: JSON.stringify({ values: p.values, snippets: p.snippets }),
    }));
  });
  for (let i = 0; i < previews.length; i += CHUNK)
    await db
      .insertInto('event_detector_previews')
      .values(previews.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['device_id', 'event_id', 'detector_id']).doNothing())
      .execute();
  await insertDestinations(db, events, ctx);
}

/** Where each incident's new events sent content, once per incident and destination. */
async function insertDestinations(
  db: Db,
  events: readonly NormalisedEvent[],
  ctx: (e: NormalisedEvent) => EventRowContext,
): Promise<void> {
  const rows = new Map<
    string,
    { incident_id: string; destination: string; tenant_id: string; first_seen_at: string }
  >();
  for (const e of events) {
    const c = ctx(e);
    if (c.incidentId === null) continue;
    for (const destination of e.destinations) {
      const key = `${c.incidentId}\u0000${destination}`;
      if (!rows.has(key))
        rows.set(key, {
          incident_id: c.incidentId,
          destination,
          tenant_id: c.tenantId,
          first_seen_at: e.occurred_at,
        });
    }
  }
  const list = [...rows.values()];
  for (let i = 0; i < list.length; i += CHUNK)
    await db
      .insertInto('incident_destinations')
      .values(list.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['incident_id', 'destination']).doNothing())
      .execute();
}

/** One answer of the incident's events with how many operations gave it. */
export interface JustificationGroupRow {
  result: string;
  kind: string;
  category: string | null;
  answer_text: string | null;
  text_withheld: string | null;
  not_asked_reason: string | null;
  rule_problems: string;
  operations: number;
  burst_operations: number;
  held_operations: number;
  first_at: string;
  last_at: string;
}

/**
 * The incident's prompt records grouped by answer (result, kind, category, text, withheld
 * reason, not-asked reason), most operations first; `limit` groups and the number of groups.
 */
export async function justificationGroups(
  db: Db,
  incidentId: string,
  limit: number,
): Promise<{ rows: JustificationGroupRow[]; total: number }> {
  const keys = [
    'result',
    'kind',
    'category',
    'answer_text',
    'text_withheld',
    'not_asked_reason',
    'rule_problems',
  ] as const;
  const grouped = db
    .selectFrom('event_person_prompts')
    .select(keys)
    .select((eb) => [
      eb.fn.countAll<number>().as('operations'),
      eb.fn.sum<number>('covered_by_burst').as('burst_operations'),
      eb.fn.sum<number>('held').as('held_operations'),
      eb.fn.min('occurred_at').as('first_at'),
      eb.fn.max('occurred_at').as('last_at'),
    ])
    .where('incident_id', '=', incidentId)
    .groupBy(keys);
  const rows = await grouped
    .orderBy('operations', 'desc')
    .orderBy('first_at', 'asc')
    .orderBy('result')
    .limit(limit)
    .execute();
  const total = await db.selectFrom(grouped.as('g')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return {
    rows: rows.map((r) => ({
      ...r,
      operations: Number(r.operations),
      burst_operations: Number(r.burst_operations ?? 0),
      held_operations: Number(r.held_operations ?? 0),
      first_at: String(r.first_at),
      last_at: String(r.last_at),
    })),
    total: Number(total?.n ?? 0),
  };
}

/** The newest events' masked previews of an incident, newest first. */
export async function incidentPreviewRows(db: Db, incidentId: string, limit: number) {
  return db
    .selectFrom('event_detector_previews')
    .select(['detector_id', 'event_id', 'occurred_at', 'previews'])
    .where('incident_id', '=', incidentId)
    .orderBy('occurred_at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The incident search's terms kept beside the events (docs/incidents.md, Search): EXISTS a
 * destination of the outer query's incident (`incidents.id`), or a notice reference one of its
 * prompts showed, matching the LIKE pattern without case.
 */
export function incidentSearchTerms(
  eb: ExpressionBuilder<Database, 'incidents'>,
  like: RawBuilder<unknown>,
): Expression<SqlBool>[] {
  return [
    eb.exists(
      eb
        .selectFrom('incident_destinations as d')
        .select(sql`1`.as('one'))
        .whereRef('d.incident_id', '=', 'incidents.id')
        .where(sql`lower(d.destination)`, 'like', like),
    ),
    eb.exists(
      eb
        .selectFrom('event_person_prompts as p')
        .select(sql`1`.as('one'))
        .whereRef('p.incident_id', '=', 'incidents.id')
        .where(sql`lower(p.notice_reference)`, 'like', like),
    ),
  ];
}

/** What a person's answer counts as for rule 10's `bypass_attempts` (engine BypassKind). */
export const BYPASS_RESULTS: Readonly<Record<string, 'justified_pass' | 'bypass_code_refused'>> = {
  justified: 'justified_pass',
  continued: 'justified_pass',
  bypass_code_refused: 'bypass_code_refused',
};

/**
 * Rule 10's records of one person (docs/incidents.md, Priority and risk): the answers that passed
 * a warning or a justification prompt, and refused bypass codes, of the tenant's events in
 * [since, until) whose user name contains `personKey` (the caller compares exactly, engine
 * `personKey`). One answer covering a burst is one attempt: covered operations are left out.
 * Newest first, at most `limit`.
 */
export async function bypassRecords(
  db: Db,
  q: { tenantId: string; personKey: string; since: string; until: string; limit: number },
): Promise<{ result: string; user_name: string | null; occurred_at: string }[]> {
  return bypassRecordsOfPeople(db, { ...q, personKeys: [q.personKey] });
}

/**
 * bypassRecords for several people at once (ingest scores a batch's incidents with one read):
 * the records in [since, until) whose user name contains one of the keys, newest first, at most
 * `limit`. The caller splits them by person and window.
 */
export async function bypassRecordsOfPeople(
  db: Db,
  q: { tenantId: string; personKeys: readonly string[]; since: string; until: string; limit: number },
): Promise<{ result: string; user_name: string | null; occurred_at: string }[]> {
  if (q.personKeys.length === 0) return [];
  const likes = q.personKeys.map((k) => `%${k.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  return db
    .selectFrom('event_person_prompts as p')
    .innerJoin('agent_events as e', (j) =>
      j.onRef('e.device_id', '=', 'p.device_id').onRef('e.id', '=', 'p.event_id'),
    )
    .select(['p.result', 'e.user_name', 'p.occurred_at'])
    .where('p.tenant_id', '=', q.tenantId)
    .where('p.result', 'in', Object.keys(BYPASS_RESULTS))
    .where('p.covered_by_burst', '=', 0)
    .where('p.occurred_at', '>=', q.since)
    .where('p.occurred_at', '<', q.until)
    .where((eb) => eb.or(likes.map((like) => sql<boolean>`lower(e.user_name) like ${like} escape '\\'`)))
    .orderBy('p.occurred_at', 'desc')
    .limit(q.limit)
    .execute();
}

/**
 * GET /search (docs/search.md): the incidents whose events showed a person this exact notice
 * reference (upper-case, six characters), through the (tenant, notice reference) index.
 */
export async function noticeReferenceIncidentIds(
  db: Kysely<Database>,
  tenantId: string,
  reference: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('event_person_prompts')
    .select('incident_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('notice_reference', '=', reference)
    .where('incident_id', 'is not', null)
    .limit(limit)
    .execute();
  return rows.map((r) => r.incident_id!);
}
