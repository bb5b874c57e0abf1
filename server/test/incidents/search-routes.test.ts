import { noticeReference } from '@custos/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signed } from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import { signInAs } from '../helpers/index.js';
import { startTriage, type Triage } from './triage-harness.js';

/**
 * Document 2, GET /incidents `search`: a literal matching reference, title, file name, hostname,
 * destination, policy name, the notice reference a person saw, and username unless names are
 * hidden, in which case `names_hidden: true` (docs/incidents.md, Queue filters, Names hidden).
 * Each field is proven on its own: the searched value is held by exactly one of two incidents.
 */
let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

async function search(text: string, extra = ''): Promise<{ ids: string[]; names_hidden: boolean }> {
  const r = await t.call('GET', `/incidents?search=${encodeURIComponent(text)}${extra}`);
  expect(r.statusCode).toBe(200);
  const body = r.json() as { items: { id: string }[]; names_hidden: boolean };
  return { ids: body.items.map((i) => i.id), names_hidden: body.names_hidden };
}

/** One plain incident and one carrying `over`; answers the latter's id. */
async function oneOfTwo(over: Record<string, unknown>): Promise<string> {
  await t.one('bob');
  return t.one('carol', t.d, over);
}

describe('GET /incidents search covers every field of document 2', () => {
  it('reference, title, file name, hostname and policy name', async () => {
    const plain = await t.one('bob');
    const other = await t.one('carol', t.d, { hostname: 'lab-77', path: '/srv/share/payroll-q3.xlsx' });
    const ref = (await t.call('GET', `/incidents/${other}`)).json().reference as string;
    expect((await search(ref)).ids).toEqual([other]);
    expect((await search('PAYROLL-Q3')).ids).toEqual([other]);
    expect((await search('lab-7')).ids).toEqual([other]);
    expect((await search('on lab-77')).ids).toEqual([other]); // the title
    expect((await search('card numb')).ids.sort()).toEqual([plain, other].sort());
  });

  it('the destination an event named: agent destination, removable device, printer', async () => {
    const upload = await oneOfTwo({ destination: 'backup.example.org' });
    expect((await search('EXAMPLE.org')).ids).toEqual([upload]);
    const stick = await t.one('dave', t.d, {
      channel: 'removable_media',
      removable_device: { device_class: 'usb_storage', serial: 'SN-4711', vendor: 'Kingston', model: 'DT50' },
    });
    expect((await search('sn-4711')).ids).toEqual([stick]);
    expect((await search('kingston dt50')).ids).toEqual([stick]);
    const printed = await t.one('erin', t.d, {
      channel: 'printer',
      print_job: { printer: 'HR-Floor3-Color', port: 'IP_10.0.0.9', pages: 2, copies: 1 },
    });
    expect((await search('floor3')).ids).toEqual([printed]);
  });

  it('a destination of the wrong type Rejects the event; an unsafe one is left out', async () => {
    const bad = agentEvent({ policy: t.policy, destination: 42 });
    const odd = agentEvent({ policy: t.policy, destination: 'share\u202Egpj.exe', content: 'odd' });
    const r = await signed(t.h, t.d, 'POST', '/api/v1/agent/events', {
      batch_id: 'b-dest',
      events: [bad, odd],
    });
    expect(r.json().acks.map((a: { status: string; reason: string | null }) => [a.status, a.reason])).toEqual(
      [
        ['Rejected', 'destination_invalid'],
        ['Accepted', null],
      ],
    );
    expect((await search('gpj')).ids).toEqual([]);
  });

  it('the notice reference a person saw', async () => {
    const eventId = '7f3c2a10-1111-4000-8000-000000000001';
    const shown = noticeReference(eventId);
    const noticed = await oneOfTwo({
      event_id: eventId,
      action: 'inform',
      person_prompt: { kind: 'notice', held: false, asked: true, result: 'shown', notice_reference: shown },
    });
    expect((await search(shown.toLowerCase())).ids).toEqual([noticed]);
  });

  it('the user name, unless names are hidden (then names_hidden: true and no name anywhere)', async () => {
    const hers = await oneOfTwo({});
    expect(await search('CAROL')).toEqual({ ids: [hers], names_hidden: false });
    const set = await t.call('POST', '/settings/incident-names', undefined, {
      names_hidden: true,
      reason: 'Works council agreement',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ names_hidden: true });
    expect(await search('carol')).toEqual({ ids: [], names_hidden: true });
    const list = (await t.call('GET', '/incidents')).json();
    expect(list.names_hidden).toBe(true);
    for (const row of list.items) expect(row).toMatchObject({ username: null, names_hidden: true });
    expect((await t.call('GET', `/incidents/${hers}`)).json()).toMatchObject({
      username: null,
      names_hidden: true,
    });
    const byName = await t.call('GET', '/incidents?username=carol');
    expect(byName.statusCode).toBe(422);
    expect(byName.json().details[0].field).toBe('username');
    const csv = await t.call('GET', '/incidents/export');
    expect(csv.body).not.toContain('carol');
    expect((await t.call('GET', '/settings/incident-names')).json()).toMatchObject({ names_hidden: true });
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .select(['metadata'])
      .where('action', '=', 'settings.incident_names_changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.metadata)).toMatchObject({
      names_hidden: true,
      previous_names_hidden: false,
      reason_length: 23,
    });
  });

  it('only tenant:manage may hide names', async () => {
    const analyst = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    const r = await t.call('POST', '/settings/incident-names', analyst, {
      names_hidden: true,
      reason: 'Privacy',
    });
    expect(r.statusCode).toBe(403);
    expect((await t.call('GET', '/settings/incident-names', analyst)).json()).toEqual({
      names_hidden: false,
      updated_at: null,
    });
  });
});
