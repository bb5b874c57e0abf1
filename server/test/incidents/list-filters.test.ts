import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const detector = (category: string) => [
  {
    detector_id: `d_${category}`,
    detector_version: 1,
    category,
    match_count: 1,
    validated_count: 0,
    max_confidence: 60,
  },
];

async function ids(query: string): Promise<string[]> {
  const r = await t.call('GET', `/incidents?${query}&limit=200`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().items as { id: string }[]).map((i) => i.id).sort();
}

async function refused(query: string, field: string, sent: string) {
  const r = await t.call('GET', `/incidents?${query}`);
  expect(r.statusCode).toBe(422);
  expect(r.json().details[0].field).toBe(field);
  // The allowed values are named, the value sent never is.
  expect(r.body).not.toContain(sent);
  return r.json().details[0].message as string;
}

describe('GET /incidents filters (document 2)', () => {
  it('action is a set of response actions; warn reads as inform; others 422 naming the values', async () => {
    const audit = await t.one('a1');
    const block = await t.one('a2', t.d, { action: 'block' });
    const inform = await t.one('a3', t.d, { action: 'warn' });
    expect(await ids('action=block')).toEqual([block]);
    expect(await ids('action=audit,block')).toEqual([audit, block].sort());
    expect(await ids('action=warn')).toEqual([inform]);
    expect(await refused('action=blok', 'action', 'blok')).toContain('quarantine');
  });

  it('category matches a detector category of any event, literally', async () => {
    const fin = await t.one('c1');
    const health = await t.one('c2', t.d, { detectors: detector('health') });
    expect(await ids('category=financial')).toEqual([fin]);
    expect(await ids('category=health')).toEqual([health]);
    expect(await ids('category=healt_')).toEqual([]);
    await refused('category=Hea%25lth', 'category', 'Hea%lth');
  });

  it('enforcement splits incidents with a capability-reduced event from the others', async () => {
    const reduced = await t.one('e1');
    const applied = await t.one('e2', t.d, { enforcement: 'applied', action: 'block' });
    expect(await ids('enforcement=reduced_by_capability')).toEqual([reduced]);
    expect(await ids('enforcement=applied')).toEqual([applied]);
    expect(await refused('enforcement=partial', 'enforcement', 'partial')).toContain('reduced_by_capability');
  });

  it('person is the endpoint account id of any event', async () => {
    await t.one('p1');
    const sid = await t.one('p2', t.d, { user: { name: 'p2', id: 'S-1-5-21-7' } });
    expect(await ids('person=S-1-5-21-7')).toEqual([sid]);
    expect(await ids('person=S-1-5-21')).toEqual([]);
  });

  it('min_risk keeps incidents at or above the score; outside 0-100 is 422', async () => {
    const [low, high] = await t.raise(['r1', 'r2']);
    await t.h.ctx.db.updateTable('incidents').set({ risk_score: 80 }).where('id', '=', high!).execute();
    expect(await ids('min_risk=0')).toEqual([low, high].sort());
    expect(await ids('min_risk=80')).toEqual([high]);
    expect(await ids('min_risk=81')).toEqual([]);
    for (const bad of ['101', '-1', 'x']) await refused(`min_risk=${bad}`, 'min_risk', `=${bad}`);
  });

  it('file_state is a set of location states', async () => {
    const [kept, gone] = await t.raise(['f1', 'f2']);
    await t.h.ctx.db
      .updateTable('incident_locations')
      .set({ state: 'removed', departure: 'deleted' })
      .where('incident_id', '=', gone!)
      .execute();
    expect(await ids('file_state=removed')).toEqual([gone]);
    expect(await ids('file_state=current')).toEqual([kept]);
    expect(await ids('file_state=moved,removed')).toEqual([gone]);
    expect(await refused('file_state=lost', 'file_state', 'lost')).toContain('moved');
  });

  it('origin separates real incidents from tests and names who marked them', async () => {
    const [real, folder, analyst] = await t.raise(['o1', 'o2', 'o3']);
    const db = t.h.ctx.db;
    await db
      .updateTable('incidents')
      .set({ synthetic: 1, synthetic_by: 'test_folder' })
      .where('id', '=', folder!)
      .execute();
    await db
      .updateTable('incidents')
      .set({ synthetic: 1, synthetic_by: t.h.owner.userId })
      .where('id', '=', analyst!)
      .execute();
    expect(await ids('origin=real')).toEqual([real]);
    expect(await ids('origin=test')).toEqual([folder, analyst].sort());
    expect(await ids('origin=test_folder')).toEqual([folder]);
    expect(await ids('origin=analyst')).toEqual([analyst]);
    expect(await ids('origin=test_policy')).toEqual([]);
    expect(await refused('origin=fake', 'origin', 'fake')).toContain('test_folder');
  });

  it('anomaly and regime are checked and match nothing until such outcomes are recorded', async () => {
    await t.raise(['s1', 's2']);
    for (const q of ['anomaly=off_hours', 'regime=pci_dss']) expect(await ids(q)).toEqual([]);
    await refused('anomaly=Off-Hours', 'anomaly', 'Off-Hours');
    await refused('regime=PCI', 'regime', 'PCI');
  });

  it('sla matches recorded outcomes and clocks past their target, in the list and the export', async () => {
    const [met, missed, late, fresh] = await t.raise(['m1', 'm2', 'm3', 'm4']);
    const db = t.h.ctx.db;
    await db.updateTable('incidents').set({ severity: 'high' }).execute();
    await db
      .updateTable('incidents')
      .set({ status: 'triaged', response_met: 1 })
      .where('id', '=', met!)
      .execute();
    await db
      .updateTable('incidents')
      .set({ status: 'closed', response_met: 1, resolution_met: 0 })
      .where('id', '=', missed!)
      .execute();
    // high: response within 4 h. `late` was raised 5 h before `fresh`.
    const now = t.h.ctx.clock.now().getTime();
    await db
      .updateTable('incidents')
      .set({ created_at: new Date(now - 5 * 3_600_000).toISOString() })
      .where('id', '=', late!)
      .execute();
    expect(await ids('sla=response_met')).toEqual([met, missed].sort());
    expect(await ids('sla=resolution_missed')).toEqual([missed]);
    expect(await ids('sla=response_overdue')).toEqual([late]);
    expect(await ids('sla=breached')).toEqual([missed, late].sort());
    expect(await ids('sla=response_missed')).toEqual([]);
    expect(fresh).toBeDefined();
    // The tenant's current targets judge running clocks: 6 h for high puts `late` back in time.
    await db
      .insertInto('incident_response_settings')
      .values({
        tenant_id: t.h.owner.tenantId,
        critical_minutes: 60,
        high_minutes: 360,
        medium_minutes: 1440,
        low_minutes: 4320,
        resolution_critical_minutes: 1440,
        resolution_high_minutes: 4320,
        resolution_medium_minutes: 10080,
        resolution_low_minutes: 20160,
        updated_at: new Date(now).toISOString(),
      })
      .execute();
    expect(await ids('sla=response_overdue')).toEqual([]);
    const csv = await t.call('GET', '/incidents/export?sla=breached');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-svc-export-total']).toBe('1');
    // One list of values (sla-store.ts): the early placeholders are refused like any other.
    for (const old of ['met', 'missed']) await refused(`sla=${old}`, 'sla', `=${old}`);
    expect(await refused('sla=late', 'sla', 'late')).toContain('resolution_overdue');
  });

  it('status, severity and channel refusals name the field and its values', async () => {
    expect(await refused('status=open', 'status', '=open')).toContain('awaiting_user');
    expect(await refused('severity=urgent', 'severity', 'urgent')).toContain('critical');
    expect(await refused('channel=fax', 'channel', 'fax')).toContain('removable_storage');
  });

  it('filters combine, and the export takes the same ones', async () => {
    const [a] = await t.raise(['x1']);
    const b = await t.one('x2', t.d, { action: 'block', detectors: detector('health') });
    expect(await ids('action=block&category=health&enforcement=reduced_by_capability')).toEqual([b]);
    expect(await ids('action=audit&category=health')).toEqual([]);
    expect(a).toBeDefined();
    const csv = await t.call('GET', '/incidents/export?action=block&category=health');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-svc-export-total']).toBe('1');
    expect((await t.call('GET', '/incidents/export?origin=fake')).statusCode).toBe(422);
  });
});
