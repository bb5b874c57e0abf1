import { randomUUID } from 'node:crypto';
import type { DecisionTrust } from '@custos/engine';
import type { LightMyRequestResponse } from 'fastify';
import { getPolicySigningKeys } from '../../src/modules/bundles/public.js';
import {
  type AgentHarness,
  enrolDevice,
  signed,
  startHarness,
  type TestDevice,
} from '../agents/agent-harness.js';
import { type SignedIn, signInAs } from '../helpers/index.js';

export interface Exc {
  h: AgentHarness;
  d: TestDevice;
  policy: string;
  raise(over?: Record<string, unknown>, device?: TestDevice): Promise<LightMyRequestResponse>;
  call(
    method: 'GET' | 'POST',
    url: string,
    who?: SignedIn,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  person(role?: 'owner' | 'admin' | 'security_analyst' | 'viewer', email?: string): Promise<SignedIn>;
  trust(device?: TestDevice, floor?: number): Promise<DecisionTrust>;
  close(): Promise<void>;
}

export const HASH = 'ab'.repeat(32);

export function requestBody(policy: string, over: Record<string, unknown> = {}) {
  return {
    request_key: randomUUID(),
    policy_id: policy,
    policy_version: 1,
    channel: 'removable_media',
    destination: 'KINGSTON 0123',
    file_hash: HASH,
    file_name: 'payroll-march.xlsx',
    category: 'business_need',
    justification: 'The auditor needs the March payroll on site',
    prompt_reference: 'PRM-7Q2K',
    subject: 'CORP\\alice',
    ...over,
  };
}

export async function startExceptions(): Promise<Exc> {
  const h = await startHarness({}, '2026-03-02T09:00:00.000Z');
  const d = await enrolDevice(h);
  const policy = h.port.addPolicy({ name: 'Payroll files' }).id;
  const e: Exc = {
    h,
    d,
    policy,
    raise: (over = {}, device = d) =>
      signed(h, device, 'POST', '/api/v1/agent/exception-requests', requestBody(policy, over)),
    call(method, url, who = h.owner, payload) {
      return h.ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: who.headers,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    },
    person: (role = 'owner', email) =>
      signInAs(h.ctx, { role, tenant: h.owner.tenantSlug, ...(email ? { email } : {}) }),
    async trust(device = d, floor = 0) {
      const keys = await getPolicySigningKeys(h.ctx.db, device.tenantId, h.ctx.app.deps.keys.master);
      return { tenant_id: device.tenantId, device_id: device.deviceId, keys, serial_floor: floor };
    },
    close: () => h.close(),
  };
  return e;
}

export async function auditRows(e: Exc, action: string) {
  return e.h.ctx.db
    .selectFrom('audit_events')
    .select(['action', 'metadata', 'actor_type', 'subject_id'])
    .where('action', '=', action)
    .execute();
}
