import { sql } from 'kysely';
import { expect } from 'vitest';
import { type ActivityQuery, windowOf } from '../../src/modules/activity/query.js';
import { type ActivityCall, filterOf } from '../../src/modules/activity/service.js';
import { timeline } from '../../src/modules/activity/timeline.js';
import { activityCounts, hoursAnswer } from '../../src/modules/agent-events/public.js';
import type { TestContext } from '../helpers/index.js';

/**
 * What counting every event of the window answers for an `/activity-events` query string: the
 * store's direct count folded into buckets, as the route did before the hourly roll-up
 * (docs/activity-explorer.md, Hourly roll-up), and whether the roll-up holds the filter.
 */
export async function directTimeline(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  tenantId: string,
  query: string,
) {
  const q = Object.fromEntries(new URLSearchParams(query)) as ActivityQuery;
  const w = windowOf(q, ctx.clock.now());
  const call = { ctx, principal: { tenantId, incidentScope: null } } as unknown as ActivityCall;
  const f = await filterOf(call, q, w);
  const unit = w.to.getTime() - w.from.getTime() > 7 * 86_400_000 ? 10 : 13;
  const counts = await activityCounts(ctx.db, f, unit);
  return { timeline: timeline(w, counts), total: counts.reduce((s, c) => s + c.n, 0), hours: hoursAnswer(f) };
}

/** Every roll-up row equals a grouped count of the stored events (both dialects); the row count. */
export async function rollupMatchesEvents(ctx: Pick<TestContext, 'db'>): Promise<number> {
  const hours = await sql<{
    k: string;
    n: number | string;
  }>`select tenant_id || ' ' || hour || ' ' || channel || ' ' || action as k, events as n from agent_event_hours order by k`.execute(
    ctx.db,
  );
  const events = await sql<{
    k: string;
    n: number | string;
  }>`select tenant_id || ' ' || substr(occurred_at, 1, 13) || ' ' || channel || ' ' || action as k, count(*) as n from agent_events group by tenant_id, substr(occurred_at, 1, 13), channel, action order by k`.execute(
    ctx.db,
  );
  expect(hours.rows.map((r) => [r.k, Number(r.n)])).toEqual(events.rows.map((r) => [r.k, Number(r.n)]));
  return hours.rows.length;
}
