/**
 * Issue 26 item 5: a release whose action needs a notice, a prompt or a hold warns when no active
 * endpoint can give one, computed from the capabilities the endpoints reported.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { insertEndpoint, type SignedIn, signInAs, stepUp } from '../helpers/index.js';
import { policyApp } from './policy-app.js';

const t = policyApp();
let linuxId: string;

/** What a Linux agent reports: monitors removable storage and discovery, holds and notifies nothing. */
const LINUX = {
  channels: {
    removable_storage: { observe: true, block: false, notify: false },
    discovery: { observe: true, block: false, notify: false },
  },
  scope_attributes: ['channels', 'device_ids', 'operating_systems'],
  features: ['scope_exclusions'],
};
/** A Windows agent that can hold browser uploads but advertises the given hold features only. */
const windows = (features: string[]) => ({
  channels: {
    removable_storage: { observe: true, block: false, notify: true },
    browser_upload: { observe: true, block: true, notify: true },
  },
  scope_attributes: ['channels', 'device_ids', 'operating_systems', 'user_groups'],
  features: ['scope_exclusions', ...features],
});

beforeEach(async () => {
  linuxId = await insertEndpoint(t.ctx, t.owner.tenantId, { capabilities: LINUX });
});

const call = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  method === 'GET' ? t.getAs(who, url) : t.postAs(who, url, payload);

async function draft(response: string, over: Record<string, unknown> = {}): Promise<string> {
  const r = await call(t.owner, 'POST', '/policies', {
    name: `Cards ${response}`,
    severity: 'high',
    condition: { op: 'detector', detector_id: 'payment_card' },
    scope: { device_ids: [linuxId] },
    response,
    change_reason: 'interaction warning test',
    ...over,
  });
  expect(r.statusCode).toBe(201);
  return r.json().policy_id;
}

async function warnings(id: string): Promise<{ kind: string; values: string[]; message: string }[]> {
  const r = await call(t.owner, 'GET', `/policies/${id}/lifecycle`);
  expect(r.statusCode).toBe(200);
  return r.json().coverage_warnings;
}

describe('release warnings for notice, prompt and hold actions', () => {
  it('require_justification on a monitor-only fleet: submitted, and the approval carries cannot_prompt', async () => {
    const id = await draft('require_justification');
    expect((await call(t.owner, 'POST', `/policies/${id}/versions/1/publish`)).json()).toEqual({
      status: 'pending_approval',
    });
    const admin = await signInAs(t.ctx, { role: 'admin', tenant: t.owner.tenantSlug });
    await stepUp(t.ctx, admin, 'policy_release');
    const ok = await call(admin, 'POST', `/policies/${id}/versions/1/approve`);
    expect(ok.statusCode).toBe(200);
    const w = ok.json().coverage_warnings;
    expect(w).toEqual([
      expect.objectContaining({ kind: 'cannot_prompt', values: ['require_justification'] }),
    ]);
    expect(w[0].message).toContain('reduced to audit');
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'policy.published_with_warnings')
      .execute();
    expect(JSON.parse(audit[0]!.metadata)).toMatchObject({ warning_kinds: ['cannot_prompt'] });
  });

  it('one warning per action, each with its own kind', async () => {
    const expected: [string, string][] = [
      ['inform', 'cannot_notify'],
      ['warn_with_continue', 'cannot_prompt'],
      ['require_justification', 'cannot_prompt'],
      ['approval_required', 'cannot_hold'],
    ];
    for (const [action, kind] of expected) {
      const w = await warnings(await draft(action));
      expect(w.map((x) => [x.kind, x.values])).toEqual([[kind, [action]]]);
    }
    expect(await warnings(await draft('audit'))).toEqual([]);
  });

  it('an endpoint that can do it silences the warning; a missing feature does not', async () => {
    await insertEndpoint(t.ctx, t.owner.tenantId, {
      os: 'windows',
      capabilities: windows(['warn_with_continue']),
    });
    expect(await warnings(await draft('inform'))).toEqual([]);
    expect(await warnings(await draft('require_justification'))).toEqual([]);
    expect(await warnings(await draft('warn_with_continue'))).toEqual([]);
    const hold = await warnings(await draft('approval_required'));
    expect(hold.map((x) => x.kind)).toEqual(['cannot_hold']);
    expect(hold[0]!.message).toContain('no active endpoint advertises approval_required');
    // Scoped to a channel where that endpoint gives notices but holds nothing.
    const usb = await warnings(
      await draft('require_justification', {
        scope: { device_ids: [linuxId], channels: ['removable_storage'] },
      }),
    );
    expect(usb.map((x) => x.kind)).toEqual(['cannot_prompt']);
    expect(usb[0]!.message).toContain('reduced to inform');
  });

  it('an endpoint not seen for over seven days does not count', async () => {
    await insertEndpoint(t.ctx, t.owner.tenantId, {
      os: 'windows',
      capabilities: windows(['warn_with_continue', 'approval_required']),
      lastSeen: new Date(t.ctx.clock.now().getTime() - 8 * 24 * 60 * 60 * 1000),
    });
    expect((await warnings(await draft('inform'))).map((x) => x.kind)).toEqual(['cannot_notify']);
  });
});
