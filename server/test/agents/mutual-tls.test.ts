import { readFile } from 'node:fs/promises';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { apiModules } from '../../src/modules/index.js';
import { resolveServerTls } from '../../src/tls/server-tls.js';
import type { AgentHarness } from './agent-harness.js';
import {
  checkinBody,
  enrolBody,
  makeKey,
  PublishedPolicies,
  signHeaders,
  startHarness,
  type TestDevice,
} from './agent-harness.js';

/**
 * Optional mutual TLS over a real HTTPS listener that asks for client certificates: a request
 * without one is decided by its signature; one presenting the device's own certificate passes;
 * one presenting another device's certificate is refused.
 */
describe('optional mutual TLS with the device certificate', () => {
  let h: AgentHarness;
  let close: () => Promise<void>;
  let port: number;
  let ca: string;
  const devices: { device: TestDevice; cert: string }[] = [];

  beforeAll(async () => {
    h = await startHarness();
    for (let i = 0; i < 2; i += 1) {
      const token = (
        await h.ctx.app.inject({
          method: 'POST',
          url: '/api/v1/enrollment-tokens',
          headers: h.owner.headers,
          payload: {},
        })
      ).json().token;
      const key = await makeKey('ed25519');
      const r = await h.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/agent/enroll',
        payload: enrolBody(key, token),
      });
      devices.push({
        device: { ...key, deviceId: r.json().device_id, tenantId: r.json().tenant_id },
        cert: r.json().certificate_pem,
      });
    }
    // The machine's clock, not the harness's (2026-01-15): OpenSSL checks the certificate's dates
    // against real time, and one made at the harness time expired on 2027-02-16 (397 days).
    const tls = await resolveServerTls(h.ctx.config, new Date());
    ca = await readFile(tls.caPath as string, 'utf8');
    const policies = new PublishedPolicies();
    const app = await buildApp(
      { config: h.ctx.config, db: h.ctx.db, clock: h.ctx.clock },
      {
        modules: apiModules(policies),
        https: { key: tls.key, cert: tls.cert, requestCert: true, rejectUnauthorized: false } as {
          key: string;
          cert: string;
        },
      },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
    close = () => app.close();
  });
  afterAll(async () => {
    await close?.();
    await h?.close();
  });

  function checkin(device: TestDevice, clientCert?: string): Promise<{ status: number; body: string }> {
    const body = Buffer.from(JSON.stringify(checkinBody()));
    const headers = signHeaders(device, 'POST', '/api/v1/agent/checkin', body, h.ctx.clock.now().getTime());
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/agent/checkin',
          method: 'POST',
          ca,
          servername: 'localhost',
          // One connection per request, closed with it: nothing of the test outlives the server.
          agent: false,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': body.length },
          ...(clientCert
            ? { cert: clientCert, key: device.nodePrivate.export({ format: 'pem', type: 'pkcs8' }) as string }
            : {}),
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('passes without a client certificate and with the device’s own', async () => {
    const [a] = devices;
    expect((await checkin(a!.device)).status).toBe(200);
    expect((await checkin(a!.device, a!.cert)).status).toBe(200);
  });

  it('refuses a certificate that is not for the signing device', async () => {
    const [a, b] = devices;
    // b's certificate cannot be used with a's key (TLS refuses the mismatch), so the client
    // presents b's certificate with b's key while signing as a.
    const forged = a!.device;
    const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = Buffer.from(JSON.stringify(checkinBody()));
      const headers = signHeaders(forged, 'POST', '/api/v1/agent/checkin', body, h.ctx.clock.now().getTime());
      const req = https.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/agent/checkin',
          method: 'POST',
          ca,
          servername: 'localhost',
          // One connection per request, closed with it: nothing of the test outlives the server.
          agent: false,
          cert: b!.cert,
          key: b!.device.nodePrivate.export({ format: 'pem', type: 'pkcs8' }) as string,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body).code).toBe('agent.unauthenticated');
  });
});
