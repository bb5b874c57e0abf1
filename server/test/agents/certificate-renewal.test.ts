import { X509Certificate } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signed,
  startHarness,
  type TestDevice,
} from './agent-harness.js';

let h: AgentHarness;
let d: TestDevice;
beforeEach(async () => {
  h = await startHarness({ DLP_DEVICE_CERT_DAYS: '45' }, '2026-11-25T00:00:00.000Z');
  d = await enrolDevice(h);
});
afterEach(async () => h.close());

const DAY = 86_400_000;

describe('certificate renewal on the server (document 2; injected clock)', () => {
  it('issues renewed certificates DLP_DEVICE_CERT_DAYS long from the moment of renewal', async () => {
    h.ctx.clock.advance(20 * DAY);
    const r = await signed(h, d, 'POST', '/api/v1/agent/certificate', { csr_pem: d.csrPem });
    expect(r.statusCode).toBe(200);
    const now = h.ctx.clock.now().getTime();
    expect(Date.parse(r.json().certificate_expires_at) - now).toBe(45 * DAY);
    const cert = new X509Certificate(r.json().certificate_pem);
    expect(Math.abs(Date.parse(cert.validTo) - (now + 45 * DAY))).toBeLessThan(1000);
  });

  it("raises check-in's certificate-rotation flag only inside the last 30 days, and drops it after renewal", async () => {
    h.ctx.clock.advance(14 * DAY); // 31 days left
    expect(
      (await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody())).json().certificate_rotation,
    ).toBe(false);
    h.ctx.clock.advance(2 * DAY); // 29 days left
    expect(
      (await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody())).json().certificate_rotation,
    ).toBe(true);
    await signed(h, d, 'POST', '/api/v1/agent/certificate', { csr_pem: d.csrPem });
    expect(
      (await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody())).json().certificate_rotation,
    ).toBe(false);
  });
});
