import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  type AgentHarness,
  enrolDevice,
  signed,
  startHarness,
  type TestDevice,
} from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import type { SignedIn } from '../helpers/index.js';

/** A harness with one enrolled device and a way to raise incidents through real ingest. */
export interface Triage {
  h: AgentHarness;
  d: TestDevice;
  policy: string;
  /** Raises one incident per person (distinct content and path each); ids in no given order. */
  raise(people: string[], device?: TestDevice, over?: Record<string, unknown>): Promise<string[]>;
  /** Raises one incident about this person and returns its id. */
  one(person?: string, device?: TestDevice, over?: Record<string, unknown>): Promise<string>;
  call(
    method: 'GET' | 'POST',
    url: string,
    who?: SignedIn,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTriage(env: Record<string, string> = {}): Promise<Triage> {
  const h = await startHarness(env, '2026-01-20T09:00:00.000Z');
  const d = await enrolDevice(h);
  const policy = h.port.addPolicy({ name: 'Card numbers', severity: 'high' }).id;
  let n = 0;
  const t: Triage = {
    h,
    d,
    policy,
    async raise(people, device = d, over = {}) {
      const before = new Set(await ids(t));
      const events = people.map((person) => {
        n += 1;
        return agentEvent({ policy, person, content: `content-${n}`, path: `/srv/share/f${n}.txt`, ...over });
      });
      const r = await signed(h, device, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
      expect(r.statusCode).toBe(200);
      h.ctx.clock.advance(1_000);
      const fresh = (await ids(t)).filter((id) => !before.has(id));
      expect(fresh).toHaveLength(people.length);
      return fresh;
    },
    async one(person = 'alice', device = d, over = {}) {
      return (await t.raise([person], device, over))[0]!;
    },
    call(method, url, who = h.owner, payload) {
      return h.ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: who.headers,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    },
    close: () => h.close(),
  };
  return t;
}

async function ids(t: Triage): Promise<string[]> {
  const r = await t.call('GET', '/incidents?limit=200&sort=created:desc');
  return (r.json().items as { id: string }[]).map((i) => i.id);
}

export const RESOLUTION = 'Confirmed with the person and their manager.';

export async function auditActions(t: Triage, subjectId: string): Promise<string[]> {
  const rows = await t.h.ctx.db
    .selectFrom('audit_events')
    .select(['action'])
    .where('subject_id', '=', subjectId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.action);
}
