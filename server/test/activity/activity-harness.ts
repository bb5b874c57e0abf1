import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { addEventHours } from '../../src/modules/agent-events/public.js';
import type { AgentEventsTable } from '../../src/modules/agent-events/tables.js';
import type { SignedIn } from '../helpers/index.js';
import { startTriage, type Triage } from '../incidents/triage-harness.js';

/** The harness clock: 2026-01-20T09:00:00Z (triage-harness.ts). */
export const NOW = '2026-01-20T09:00:00.000Z';

export interface Activity {
  t: Triage;
  /** Stores events on the harness device (or `deviceId`) with these fields over plain defaults. */
  seed(events: Partial<AgentEventsTable>[], deviceId?: string): Promise<string[]>;
  get(query: string, who?: SignedIn): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown, who?: SignedIn): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startActivity(): Promise<Activity> {
  // Tests post concurrent batches to check the hourly counts: none is refused as busy.
  const t = await startTriage({ DLP_INGEST_CONCURRENT_UPLOADS: '64' });
  const a: Activity = {
    t,
    async seed(events, deviceId = t.d.deviceId) {
      const rows: AgentEventsTable[] = events.map((e) => ({
        id: randomUUID(),
        tenant_id: t.d.tenantId,
        device_id: deviceId,
        batch_id: randomUUID(),
        received_at: NOW,
        occurred_at: NOW,
        occurred_at_reported: null,
        channel: 'browser_upload',
        action: 'audit',
        requested_action: 'audit',
        severity: null,
        decided_by_policy_id: null,
        evaluated_offline: 0,
        policy_version: null,
        user_name: 'alice',
        user_id: null,
        hostname: 'PC-1',
        file_path: '/home/alice/a.txt',
        file_name: 'a.txt',
        file_blake3: null,
        file_size_bytes: 10,
        file_mark_zone: null,
        file_mark_host: null,
        file_mark_referrer_host: null,
        match_count: 0,
        evidence_requested: 0,
        incident_id: null,
        payload: JSON.stringify({ detectors: [], enforcement: 'applied', matched_policy_ids: [] }),
        size_bytes: 100,
        ...e,
      }));
      if (rows.length) await t.h.ctx.db.insertInto('agent_events').values(rows).execute();
      // As ingest does: the hourly roll-up counts what was stored.
      for (const tenant of new Set(rows.map((r) => r.tenant_id)))
        await addEventHours(
          t.h.ctx.db,
          tenant,
          rows.filter((r) => r.tenant_id === tenant),
        );
      return rows.map((r) => r.id);
    },
    get: (query, who = t.h.owner) =>
      t.h.ctx.app.inject({ method: 'GET', url: `/api/v1/activity-events${query}`, headers: who.headers }),
    post: (url, body, who = t.h.owner) =>
      t.h.ctx.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: who.headers,
        payload: body as Record<string, unknown>,
      }),
    close: () => t.close(),
  };
  return a;
}

/** An ISO time `minutes` after (or before, negative) NOW. */
export const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
