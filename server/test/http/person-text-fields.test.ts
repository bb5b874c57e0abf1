/**
 * Issue 14, items 1 and 11: every free text a person writes (names, labels, descriptions, reasons,
 * messages) is under one rule: no control characters, direction overrides or credential-shaped
 * values. The answer is always 422 `request.invalid` naming the field, never the value, and
 * nothing is stored (no row, no audit entry).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, signInAs, stepUp, type TestContext } from '../helpers/index.js';

let ctx: TestContext;
let owner: SignedIn;
beforeEach(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
});
afterEach(async () => ctx.close());

type Method = 'POST' | 'PATCH';
const call = (method: Method, url: string, payload: unknown) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: owner.headers, payload: payload as object });

const AWS_DOC_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SHORT_KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----';
const HOSTILE = {
  nul: 'Finance\u0000team',
  escape: 'Finance \u001b[2J team',
  rlo: 'invoice\u202Efdp.exe',
  aws: `uses ${AWS_DOC_KEY} for uploads`,
  pem: `pasted ${SHORT_KEY}`,
  token: 'ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5',
  custos: `cus_${'Q2xhc3NpZmllZC1ub3QtYS1yZWFsLXRva2VuLTAx'}`,
};
const SECRET_PARTS = ['AKIAIOSFODNN7EXAMPLE', 'BEGIN RSA', 'ghp_', 'cus_', 'fdp.exe', 'Finance'];

async function storedCounts() {
  const count = async (table: 'audit_events' | 'policies' | 'users' | 'agent_groups') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    audit: await count('audit_events'),
    policies: await count('policies'),
    users: await count('users'),
    groups: await count('agent_groups'),
  };
}

async function expectRefused(method: Method, url: string, payload: unknown, field: string) {
  const before = await storedCounts();
  const res = await call(method, url, payload);
  expect(res.statusCode, `${url} ${field}`).toBe(422);
  const body = res.json() as { code: string; details: { field: string; message: string }[] };
  expect(body.code).toBe('request.invalid');
  expect(body.details.map((d) => d.field)).toContain(field);
  for (const part of SECRET_PARTS) expect(res.body).not.toContain(part);
  expect(await storedCounts()).toEqual(before);
}

const rule = (over: Record<string, unknown> = {}) => ({
  name: 'Cards to USB',
  severity: 'high',
  scope: { channels: ['removable_storage'] },
  condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
  response: 'inform',
  change_reason: 'Initial rule for card data',
  ...over,
});

async function newPolicy(): Promise<string> {
  const res = await call('POST', '/policies', rule());
  expect(res.statusCode).toBe(201);
  return res.json().policy_id;
}

describe('policies (document 1: credential-shaped text in description, change_reason, messages)', () => {
  it.each([
    ['description', { description: HOSTILE.aws }],
    ['change_reason', { change_reason: `Rotated the key ${SHORT_KEY}` }],
    ['notifications.user_messages.tr', { notifications: { user_messages: { en: 'ok', tr: HOSTILE.aws } } }],
    ['notifications.user_message', { notifications: { user_message: HOSTILE.custos } }],
    ['name', { name: HOSTILE.rlo }],
    ['description', { description: HOSTILE.escape }],
    ['owner', { owner: `owner${HOSTILE.nul}@example.com` }],
  ])('refuses %s on create and on a new version', async (field, over) => {
    await expectRefused('POST', '/policies', rule(over), field);
    const id = await newPolicy();
    await expectRefused('POST', `/policies/${id}/versions`, rule(over), field);
  });

  it('refuses a credential-shaped or hostile disable, reject and reorder reason', async () => {
    const id = await newPolicy();
    await expectRefused('POST', `/policies/${id}/enabled`, { enabled: false, reason: HOSTILE.aws }, 'reason');
    await expectRefused('POST', `/policies/${id}/enabled`, { enabled: false, reason: HOSTILE.rlo }, 'reason');
    await expectRefused('POST', `/policies/${id}/versions/1/reject`, { reason: HOSTILE.pem }, 'reason');
    await stepUp(ctx, owner, 'policy_release');
    await expectRefused('POST', '/policies/reorder', { order: [id], reason: HOSTILE.token }, 'reason');
  });

  it('refuses a prompt message name or text shown on endpoints', async () => {
    const msg = (over: Record<string, unknown>) => ({
      name: 'Blocked upload',
      action: 'block',
      texts: { en: 'This upload was blocked.' },
      ...over,
    });
    await expectRefused('POST', '/prompt-messages', msg({ name: HOSTILE.nul }), 'name');
    await expectRefused('POST', '/prompt-messages', msg({ texts: { en: HOSTILE.rlo } }), 'texts.en');
    await expectRefused('POST', '/prompt-messages', msg({ texts: { en: HOSTILE.aws } }), 'texts.en');
  });

  it('refuses a classification name', async () => {
    await expectRefused(
      'POST',
      '/classifications',
      { classification_id: 'pci', name: HOSTILE.rlo, rules: [] },
      'name',
    );
    const rule = { rule_id: 'r1', name: HOSTILE.nul, elements: [] };
    await expectRefused(
      'POST',
      '/classifications',
      { classification_id: 'pci', name: 'PCI', rules: [rule] },
      'rules[0].name',
    );
  });

  it('still accepts multi-line prose and right-to-left scripts', async () => {
    const res = await call(
      'POST',
      '/policies',
      rule({
        description: 'First line.\nSecond line — فريق المالية.',
        change_reason: 'Initial rule\nfor cards',
      }),
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('people, groups, devices, tokens', () => {
  it('refuses display names, departments and reasons of user administration', async () => {
    const invite = (over: Record<string, unknown>) => ({ email: 'new@example.com', role: 'viewer', ...over });
    await expectRefused('POST', '/users', invite({ display_name: HOSTILE.nul }), 'display_name');
    await expectRefused('POST', '/users', invite({ department: HOSTILE.escape }), 'department');
    const viewer = await signInAs(ctx, { role: 'viewer', tenant: owner.tenantSlug });
    await expectRefused('PATCH', `/users/${viewer.userId}`, { display_name: HOSTILE.rlo }, 'display_name');
    await expectRefused('POST', `/users/${viewer.userId}/disable`, { reason: HOSTILE.aws }, 'reason');
  });

  it('refuses endpoint group names with a direction override (control characters were refused before)', async () => {
    await expectRefused('POST', '/agent-groups', { name: HOSTILE.rlo }, 'name');
    await expectRefused('POST', '/agent-groups', { name: HOSTILE.nul }, 'name');
    const made = await call('POST', '/agent-groups', { name: 'Finance' });
    expect(made.statusCode).toBe(201);
    await expectRefused('PATCH', `/agent-groups/${made.json().id}`, { name: HOSTILE.escape }, 'name');
  });

  it('refuses approved-device labels, API token names and reasons of settings and enrolment', async () => {
    await expectRefused('POST', '/approved-devices', { serial: 'USB-1', label: HOSTILE.nul }, 'label');
    await expectRefused('POST', '/api-tokens', { name: HOSTILE.rlo, scopes: ['policies:read'] }, 'name');
    await expectRefused('POST', '/settings/session', { idle_minutes: 30, reason: HOSTILE.aws }, 'reason');
    await expectRefused(
      'POST',
      `/enrollment-tokens/${randomUUID()}/revoke`,
      { reason: `revoked ${HOSTILE.token}` },
      'reason',
    );
  });
});
