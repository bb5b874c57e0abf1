import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/http/principal.js';
import { enrolDevice } from '../agents/agent-harness.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const suggest = (id: string, who: SignedIn = t.h.owner) =>
  t.call('GET', `/incidents/${id}/related-suggestions`, who);
const itemsOf = async (id: string, who?: SignedIn) => {
  const r = await suggest(id, who);
  expect(r.statusCode).toBe(200);
  return (r.json().items as { id: string; reasons: string[] }[]).map((i) => [i.id, i.reasons]);
};

describe('GET /incidents/{id}/related-suggestions', () => {
  it('same content, same person and policy within 14 days, same endpoint within 10 minutes; ranked', async () => {
    const other = await enrolDevice(t.h, 'ed25519');
    const subject = await t.one('alice', t.d, { at: '2026-01-20T08:00:00Z', content: 'shared bytes' });
    const both = await t.one('alice', t.d, { at: '2026-01-20T08:05:00Z' });
    const sameTime = await t.one('carol', t.d, { at: '2026-01-20T08:09:59Z' });
    await t.one('dave', t.d, { at: '2026-01-20T08:10:01Z' });
    const copy = await t.one('bob', other, { at: '2026-01-20T06:00:00Z', content: 'shared bytes' });
    // The window counts creation times: one case created 13 days after the subject, one 15 days
    // after (moved in storage: a session does not live through two weeks of test clock).
    const near = await t.one('ALICE', other, { at: '2026-01-20T07:00:00Z' });
    const far = await t.one('alice', other, { at: '2026-01-20T07:30:00Z' });
    const created = async (id: string, at: string) =>
      t.h.ctx.db.updateTable('incidents').set({ created_at: at }).where('id', '=', id).execute();
    const subjectCreated = (await t.call('GET', `/incidents/${subject}`)).json().created_at as string;
    await created(near, new Date(Date.parse(subjectCreated) + 13 * 86_400_000).toISOString());
    await created(far, new Date(Date.parse(subjectCreated) + 14 * 86_400_000 + 1_000).toISOString());
    const answer = await suggest(subject);
    expect(answer.json()).toMatchObject({ person_policy_days: 14, endpoint_minutes: 10 });
    expect(Object.keys(answer.json().items[0]).sort()).toEqual(
      ['created_at', 'id', 'reasons', 'reference', 'severity', 'status', 'title'].sort(),
    );
    expect(await itemsOf(subject)).toEqual([
      [both, ['same_person_and_policy', 'same_endpoint_at_the_time']],
      [copy, ['same_content']],
      [near, ['same_person_and_policy']],
      [sameTime, ['same_endpoint_at_the_time']],
    ]);
    // Never the matched value: no hash, person or path (the title is the incident's own).
    expect(answer.body).not.toMatch(/alice|carol|bob|srv\/share|[0-9a-f]{64}/i);
    // Symmetric for the copy; a linked incident is no longer suggested.
    expect(await itemsOf(copy)).toEqual([[subject, ['same_content']]]);
    expect(
      (await t.call('POST', `/incidents/${subject}/links`, t.h.owner, { related: copy })).statusCode,
    ).toBe(201);
    expect((await itemsOf(subject)).map(([id]) => id)).toEqual([both, near, sameTime]);
    expect(await itemsOf(copy)).toEqual([]);
  });

  it('answers at most 10, readable with incidents:read; a missing incident is 404', async () => {
    const [subject, ...rest] = await t.raise(
      Array.from({ length: 13 }, (_, i) => `p${i}`),
      t.d,
      { at: '2026-01-20T08:00:00Z' },
    );
    expect(rest).toHaveLength(12);
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug });
    const items = await itemsOf(subject!, auditor);
    expect(items).toHaveLength(10);
    for (const [, reasons] of items) expect(reasons).toEqual(['same_endpoint_at_the_time']);
    const missing = await suggest(randomUUID());
    expect(missing.statusCode).toBe(404);
    const stranger = await signInAs(t.h.ctx, { role: 'owner' });
    expect((await suggest(subject!, stranger)).json()).toEqual(missing.json());
  });

  it('a role scoped to endpoint groups gets no suggestion outside its groups, and 404 outside', async () => {
    const g = await t.call('POST', '/agent-groups', t.h.owner, { name: 'Finance' });
    const finance = await enrolDevice(t.h, 'ed25519', { agent_group: 'Finance' });
    const inside = await t.one('alice', finance, { content: 'shared bytes' });
    const inside2 = await t.one('bob', finance, { content: 'shared bytes', at: '2026-01-14T09:00:00Z' });
    const outside = await t.one('carol', t.d, { content: 'shared bytes', at: '2026-01-13T09:00:00Z' });
    const scoped = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    const session = t.h.ctx.app.auth.authenticators[0]!;
    t.h.ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
      if (credential.value !== scoped.token) return null;
      const p: Principal | null = await session(credential, request, services);
      return p ? { ...p, incidentScope: [g.json().id] } : null;
    });
    expect((await itemsOf(inside)).map(([id]) => id).sort()).toEqual([inside2, outside].sort());
    expect(await itemsOf(inside, scoped)).toEqual([[inside2, ['same_content']]]);
    expect((await suggest(outside, scoped)).statusCode).toBe(404);
  });
});
