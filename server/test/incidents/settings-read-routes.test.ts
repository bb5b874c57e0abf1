import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../helpers/index.js';
import { startTriage, type Triage } from './triage-harness.js';

/**
 * The console shows what is in force before anyone changes it (docs/incidents.md, Second-person
 * closes and SLA targets): `GET /settings/incident-closure` and `GET /settings/incident-response`.
 */
let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

describe('GET /settings/incident-closure and /settings/incident-response', () => {
  it('answer the defaults, then what was set; an analyst may read them', async () => {
    const analyst = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    expect((await t.call('GET', '/settings/incident-closure', analyst)).json()).toEqual({
      second_person_accepted_risk: false,
      second_person_critical: false,
      updated_at: null,
    });
    expect((await t.call('GET', '/settings/incident-response', analyst)).json()).toEqual({
      critical_minutes: 60,
      high_minutes: 240,
      medium_minutes: 1440,
      low_minutes: 4320,
      resolution_critical_minutes: 1440,
      resolution_high_minutes: 4320,
      resolution_medium_minutes: 10080,
      resolution_low_minutes: 20160,
      updated_at: null,
    });
    const closure = { second_person_accepted_risk: true, second_person_critical: false };
    expect((await t.call('POST', '/settings/incident-closure', undefined, closure)).statusCode).toBe(200);
    const set = await t.call('POST', '/settings/incident-response', undefined, {
      critical_minutes: 30,
      reason: 'Faster first look at critical incidents',
    });
    expect(set.statusCode).toBe(200);
    const closureNow = (await t.call('GET', '/settings/incident-closure', analyst)).json();
    expect(closureNow).toMatchObject(closure);
    expect(closureNow.updated_at).toEqual(expect.any(String));
    const response = (await t.call('GET', '/settings/incident-response', analyst)).json();
    expect(response).toMatchObject({ critical_minutes: 30, high_minutes: 240 });
    expect(response.updated_at).toBe(set.json().updated_at);
  });

  it('GET /settings/approver-label answers the default until a label is set', async () => {
    const analyst = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    expect((await t.call('GET', '/settings/approver-label', analyst)).json()).toEqual({
      label: null,
      shown_label: 'your security team',
      updated_at: null,
    });
    const set = await t.call('POST', '/settings/approver-label', undefined, {
      label: 'the finance security desk',
      reason: 'Finance runs its own desk',
    });
    expect(set.statusCode).toBe(200);
    expect((await t.call('GET', '/settings/approver-label', analyst)).json()).toEqual({
      label: 'the finance security desk',
      shown_label: 'the finance security desk',
      updated_at: set.json().updated_at,
    });
  });

  it('need a signed-in person', async () => {
    const anonymous = await t.h.ctx.app.inject({ method: 'GET', url: '/api/v1/settings/incident-closure' });
    expect(anonymous.statusCode).toBe(401);
    const again = await t.h.ctx.app.inject({ method: 'GET', url: '/api/v1/settings/incident-response' });
    expect(again.statusCode).toBe(401);
    const label = await t.h.ctx.app.inject({ method: 'GET', url: '/api/v1/settings/approver-label' });
    expect(label.statusCode).toBe(401);
  });
});
