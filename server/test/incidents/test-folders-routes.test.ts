import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountPart } from '../../src/modules/incidents/self-action.js';
import { type SignedIn, signInAs, stepUp } from '../helpers/index.js';
import { RESOLUTION, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const REASON = 'QA keeps its sample files here';
const setFolders = (folders: unknown, who: SignedIn = t.h.owner, reason: unknown = REASON) =>
  t.call('POST', '/settings/test-folders', who, { folders, reason });
const detail = async (id: string) => (await t.call('GET', `/incidents/${id}`)).json();
const audits = (action: string) =>
  t.h.ctx.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();
const bypass = (who: SignedIn = t.h.owner) => stepUp(t.h.ctx, who, 'enforcement_bypass');

describe('GET, POST /settings/test-folders', () => {
  it('adding needs tenant:write and a fresh enforcement_bypass step-up; removing needs no step-up', async () => {
    expect((await t.call('GET', '/settings/test-folders')).json()).toEqual({ folders: [] });
    const refused = await setFolders(['C:\\QA\\samples']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.step_up_required');
    expect((await t.call('GET', '/settings/test-folders')).json()).toEqual({ folders: [] });
    expect(await audits('settings.test_folders_changed')).toHaveLength(0);

    await bypass();
    const r = await setFolders(['C:\\QA\\samples\\', '\\\\files\\dlp\\tests', '/srv/qa']);
    expect(r.statusCode).toBe(200);
    expect(r.json().changed).toBe(true);
    const folders = r.json().folders.map((f: { path: string }) => f.path);
    expect(folders.sort()).toEqual(['/srv/qa', 'C:\\QA\\samples', '\\\\files\\dlp\\tests'].sort());
    expect(r.json().folders[0]).toMatchObject({
      added_by_email: t.h.owner.email,
      added_at: expect.any(String),
    });
    const [entry] = await audits('settings.test_folders_changed');
    expect(JSON.parse(entry!.metadata)).toMatchObject({ total: 3, folders_removed: [], reason: REASON });

    // Same list again (another spelling of a Windows path): nothing changes, nothing audited.
    const same = await setFolders(['c:/qa/SAMPLES', '\\\\files\\dlp\\tests', '/srv/qa']);
    expect(same.json().changed).toBe(false);
    // Removing only: no step-up needed (the window has passed).
    t.h.ctx.clock.advance(10 * 60_000);
    const fewer = await setFolders(['/srv/qa']);
    expect(fewer.statusCode).toBe(200);
    expect(fewer.json().folders.map((f: { path: string }) => f.path)).toEqual(['/srv/qa']);
    // Adding again after the window: refused.
    expect((await setFolders(['/srv/qa', '/srv/qa2'])).statusCode).toBe(403);

    // Reading needs incidents:read; writing tenant:write (an admin lacks it).
    const admin = await signInAs(t.h.ctx, { role: 'admin', tenant: t.h.owner.tenantSlug });
    const viewer = await signInAs(t.h.ctx, { role: 'viewer', tenant: t.h.owner.tenantSlug });
    expect((await t.call('GET', '/settings/test-folders', admin)).statusCode).toBe(200);
    await bypass(admin);
    expect((await setFolders([], admin)).statusCode).toBe(403);
    expect((await t.call('GET', '/settings/test-folders', viewer)).json().code).toBe('auth.forbidden');
  });

  it('refuses a root, relative, odd or repeated folder, over 20 and a short reason by field, never echoing', async () => {
    await bypass();
    const cases: [unknown, string][] = [
      [['C:\\'], 'folders[0]'],
      [['/srv/qa', 'D:'], 'folders[1]'],
      [['\\\\files\\dlp'], 'folders[0]'],
      [['/srv'], 'folders[0]'],
      [['secret-samples'], 'folders[0]'],
      [['/srv/qa/../etc'], 'folders[0]'],
      [['C:\\QA\\*'], 'folders[0]'],
      [['/srv/qa\u0001x'], 'folders[0]'],
      [['/srv/qa', '/srv/QA', '/srv/qa/'], 'folders[2]'],
      [['C:\\QA', 'c:\\qa\\inner'], 'folders[1]'],
      [Array.from({ length: 21 }, (_, i) => `/srv/qa${i}`), 'folders'],
      [[''], 'folders[0]'],
    ];
    for (const [folders, field] of cases) {
      const r = await setFolders(folders);
      expect(r.statusCode, JSON.stringify(folders)).toBe(422);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
      expect(r.body).not.toContain('secret-samples');
    }
    for (const reason of ['no', null, '    x    ', 'x'.repeat(501)]) {
      const r = await setFolders(['/srv/qa'], t.h.owner, reason);
      expect(r.statusCode).toBe(422);
      expect(r.json().details[0].field).toBe('reason');
    }
    expect((await t.call('GET', '/settings/test-folders')).json()).toEqual({ folders: [] });
  });
});

describe('the test-folder rule at creation', () => {
  it('marks a new at-rest incident under a folder as a test with an origin line; leaving channels and other paths stay real', async () => {
    await bypass();
    await setFolders(['/srv/qa']);
    const test = await t.one('alice', t.d, { path: '/srv/qa/cards.txt' });
    const d = await detail(test);
    expect(d.synthetic).toBe(true);
    expect(d.history[0]).toMatchObject({ kind: 'origin', to: 'test_folder', actor_type: 'system' });
    const row = await t.h.ctx.db
      .selectFrom('incidents')
      .select('synthetic_by')
      .where('id', '=', test)
      .executeTakeFirst();
    expect(row?.synthetic_by).toBe('test_folder');
    for (const over of [
      { path: '/srv/qa/stick.txt', channel: 'removable_storage' },
      { path: '/srv/qa/open.txt', channel: 'file_open' },
      { path: '/srv/qa-other/x.txt' },
      { path: '/srv/share/x.txt' },
    ]) {
      const real = await t.one('alice', t.d, over);
      expect((await detail(real)).synthetic, JSON.stringify(over)).toBe(false);
    }
  });

  it('a real incident that a test-folder event joins stays real', async () => {
    const real = await t.one('alice', t.d, { path: '/srv/share/report.txt', content: 'same-bytes' });
    await bypass();
    await setFolders(['/srv/qa']);
    const r = await t.call('GET', `/incidents/${real}`);
    expect(r.json().event_count).toBe(1);
    const { signed } = await import('../agents/agent-harness.js');
    const { agentEvent } = await import('../agents/event-factory.js');
    const ev = agentEvent({
      policy: t.policy,
      person: 'alice',
      content: 'same-bytes',
      path: '/srv/qa/report.txt',
    });
    await signed(t.h, t.d, 'POST', '/api/v1/agent/events', { batch_id: crypto.randomUUID(), events: [ev] });
    const after = await detail(real);
    expect(after.event_count).toBe(2);
    expect(after.synthetic).toBe(false);
  });
});

describe('POST /settings/test-folders/apply', () => {
  it('marks open real at-rest incidents under the folders; closed, leaving and own incidents stay real', async () => {
    const [a, b] = await t.raise(['alice', 'bob'], t.d, { path: '/srv/qa/in.txt' });
    const closed = await t.one('carol', t.d, { path: '/srv/qa/old.txt' });
    expect(
      (
        await t.call('POST', `/incidents/${closed}/status`, t.h.owner, {
          status: 'closed',
          disposition: 'benign',
          resolution: RESOLUTION,
        })
      ).statusCode,
    ).toBe(200);
    const leaving = await t.one('dave', t.d, { path: '/srv/qa/usb.txt', channel: 'removable_storage' });
    const outside = await t.one('erin', t.d, { path: '/srv/share/x.txt' });
    const own = await t.one(accountPart(t.h.owner.email), t.d, { path: '/srv/qa/mine.txt' });
    await bypass();
    await setFolders(['/SRV/QA'.toLowerCase()]);
    t.h.ctx.clock.advance(10 * 60_000);
    const noStepUp = await t.call('POST', '/settings/test-folders/apply', t.h.owner, { reason: REASON });
    expect(noStepUp.statusCode).toBe(403);
    expect(noStepUp.json().code).toBe('auth.step_up_required');
    expect((await detail(a!)).synthetic).toBe(false);
    await bypass();
    const bad = await t.call('POST', '/settings/test-folders/apply', t.h.owner, { reason: 'x' });
    expect(bad.statusCode).toBe(422);
    const before = (await detail(a!)).row_version;
    const r = await t.call('POST', '/settings/test-folders/apply', t.h.owner, { reason: REASON });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ marked: 2, folders: 1, skipped_self: 1 });
    for (const id of [a!, b!]) {
      const d = await detail(id);
      expect(d.synthetic).toBe(true);
      expect(d.row_version).toBe(before + 1);
      expect(d.history[0]).toMatchObject({ kind: 'synthetic', from: 'real', to: 'test' });
    }
    for (const id of [closed, leaving, outside, own]) expect((await detail(id)).synthetic).toBe(false);
    const [entry] = await audits('incidents.marked_by_test_folders');
    expect(JSON.parse(entry!.metadata)).toMatchObject({ marked: 2, folders: 1, skipped_self: 1 });
    // Again: nothing left to mark.
    expect(
      (await t.call('POST', '/settings/test-folders/apply', t.h.owner, { reason: REASON })).json().marked,
    ).toBe(0);
  });
});

describe('GET /incidents/test-folder-suggestion', () => {
  it('names the folder holding at least 5 and a quarter of the open real incidents; null otherwise; tenant:write', async () => {
    const analyst = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    expect((await t.call('GET', '/incidents/test-folder-suggestion', analyst)).statusCode).toBe(403);
    expect((await t.call('GET', '/incidents/test-folder-suggestion')).json()).toBeNull();
    await t.raise(['a', 'b', 'c', 'd'], t.d, { path: '/srv/qa/x.txt' });
    await t.raise(['e'], t.d, { path: '/srv/share/x.txt' });
    expect((await t.call('GET', '/incidents/test-folder-suggestion')).json()).toBeNull();
    await t.raise(['f'], t.d, { path: '/srv/qa/y.txt' });
    expect((await t.call('GET', '/incidents/test-folder-suggestion')).json()).toEqual({
      folder: '/srv/qa',
      open: 5,
      of_open: 6,
    });
    await bypass();
    await setFolders(['/srv/qa']);
    expect((await t.call('GET', '/incidents/test-folder-suggestion')).json()).toBeNull();
  });
});
