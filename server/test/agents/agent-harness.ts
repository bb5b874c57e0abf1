import 'reflect-metadata';
import { createHash, randomBytes, randomUUID, sign, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';
import type { GroupScopeUse } from '../../src/modules/agents/service.js';
import { apiModules } from '../../src/modules/index.js';
import type {
  LatestBundle,
  PolicyForIncident,
  PolicyPort,
  PolicySigningKey,
} from '../../src/ports/policy-port.js';
import { createTestApp, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/**
 * Published policy data for the agent modules, standing in for the policies module's public
 * functions (same signatures, modules/bundles/public.ts and modules/policies/public.ts).
 */
export class PublishedPolicies implements PolicyPort {
  bundle: LatestBundle | undefined;
  readonly policies = new Map<string, PolicyForIncident>();
  readonly groupUse = new Map<string, string[]>();
  readonly keys: PolicySigningKey[] = [
    {
      key_id: 'k1',
      public_key_b64: randomBytes(32).toString('base64'),
      algorithm: 'ed25519',
      not_after: null,
    },
  ];

  async getLatestBundle(): Promise<LatestBundle | undefined> {
    return this.bundle;
  }
  async getPolicySigningKeys(): Promise<PolicySigningKey[]> {
    return this.keys;
  }
  async getPolicyForIncident(
    _db: Kysely<Database>,
    _t: string,
    id: string,
  ): Promise<PolicyForIncident | undefined> {
    return this.policies.get(id);
  }
  async policiesNamingAgentGroup(_db: Kysely<Database>, _t: string, name: string): Promise<string[]> {
    return this.groupUse.get(name.toLowerCase()) ?? [];
  }

  addPolicy(p: Partial<PolicyForIncident> = {}): PolicyForIncident {
    const policy: PolicyForIncident = {
      id: randomUUID(),
      number: this.policies.size + 1,
      name: `Policy ${this.policies.size + 1}`,
      severity: 'high',
      raise_every_match: false,
      published_version: 1,
      is_test: false,
      ...p,
    };
    this.policies.set(policy.id, policy);
    return policy;
  }
}

export interface AgentHarness {
  ctx: TestContext;
  port: PublishedPolicies;
  owner: SignedIn;
  close(): Promise<void>;
}

export async function startHarness(
  env: Record<string, string> = {},
  now?: string,
  roleScopes?: GroupScopeUse,
): Promise<AgentHarness> {
  const port = new PublishedPolicies();
  const ctx = await createTestApp({
    env,
    ...(now ? { now } : {}),
    modules: apiModules(port, roleScopes),
  });
  const owner = await signInAs(ctx, { role: 'owner' });
  return { ctx, port, owner, close: () => ctx.close() };
}

/**
 * An app with the real policy modules (unlike `startHarness`, whose port is the stand-in) and an
 * agent request rate no test reaches, its Owner, and a harness to enrol devices and send events.
 */
export async function startIngestApp(): Promise<AgentHarness> {
  const ctx = await createTestApp({
    env: { DLP_AGENT_RATE_PER_MINUTE: '100000', DLP_AGENT_RATE_BURST: '100000' },
  });
  const owner = await signInAs(ctx, { role: 'owner' });
  return { ctx, owner, port: new PublishedPolicies(), close: () => ctx.close() };
}

export type KeyKind = 'ed25519' | 'p256';

export interface TestDevice {
  kind: KeyKind;
  publicRaw: Buffer;
  privateKey: webcrypto.CryptoKey;
  nodePrivate: import('node:crypto').KeyObject;
  csrPem: string;
  deviceId: string;
  tenantId: string;
}

export async function makeKey(
  kind: KeyKind,
  cn = 'host-1',
): Promise<Omit<TestDevice, 'deviceId' | 'tenantId'>> {
  const alg = kind === 'ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const publicRaw = Buffer.from(await webcrypto.subtle.exportKey('raw', keys.publicKey));
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: `CN=${cn}`,
    keys,
    signingAlgorithm: kind === 'ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' },
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const { createPrivateKey } = await import('node:crypto');
  return {
    kind,
    publicRaw,
    privateKey: keys.privateKey,
    nodePrivate: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
    csrPem: csr.toString('pem'),
  };
}

export function enrolBody(
  key: Omit<TestDevice, 'deviceId' | 'tenantId'>,
  token: string,
  over: Record<string, unknown> = {},
) {
  return {
    schema_version: { major: 1, minor: 0 },
    enrollment_token: token,
    hardware_id: createHash('sha256').update(randomUUID()).digest('hex'),
    hostname: 'host-1',
    os: 'linux',
    os_version: '6.1.0',
    agent_version: '0.1.0',
    device_public_key_b64: key.publicRaw.toString('base64'),
    device_signature_algorithm: key.kind === 'ed25519' ? 'ed25519' : 'ecdsa_p256_sha256',
    device_key_protection: key.kind === 'ed25519' ? 'software' : 'tpm_backed',
    csr_pem: key.csrPem,
    capabilities: {
      os: 'linux',
      os_version: '6.1.0',
      agent_version: '0.1.0',
      channels: {},
      scope_attributes: [],
      features: ['scope_exclusions'],
    },
    ...over,
  };
}

export async function createToken(h: AgentHarness, body: Record<string, unknown> = {}): Promise<string> {
  const res = await h.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/enrollment-tokens',
    headers: h.owner.headers,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** Enrols a fresh device in the owner's tenant and returns it ready to sign. */
export async function enrolDevice(
  h: AgentHarness,
  kind: KeyKind = 'ed25519',
  over: Record<string, unknown> = {},
): Promise<TestDevice> {
  const token = await createToken(h, over.agent_group ? { agent_group: over.agent_group } : {});
  const key = await makeKey(kind);
  const { agent_group: _g, ...rest } = over;
  const res = await h.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/agent/enroll',
    payload: enrolBody(key, token, rest),
  });
  if (res.statusCode !== 200) throw new Error(`enrol: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { ...key, deviceId: body.device_id, tenantId: body.tenant_id };
}

export function rfc3339(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export function signHeaders(
  device: TestDevice,
  method: string,
  path: string,
  body: Buffer,
  nowMs: number,
  over: { nonce?: string; timestamp?: string; deviceId?: string } = {},
): Record<string, string> {
  const timestamp = over.timestamp ?? rfc3339(nowMs);
  const nonce = over.nonce ?? randomBytes(16).toString('hex');
  const deviceId = over.deviceId ?? device.deviceId;
  const canonical = [
    method,
    path,
    createHash('sha256').update(body).digest('hex'),
    deviceId,
    timestamp,
    nonce,
  ].join('\u001f');
  const signature =
    device.kind === 'ed25519'
      ? sign(null, Buffer.from(canonical), device.nodePrivate)
      : sign('sha256', Buffer.from(canonical), { key: device.nodePrivate, dsaEncoding: 'ieee-p1363' });
  return {
    'x-dlp-device-id': deviceId,
    'x-dlp-timestamp': timestamp,
    'x-dlp-nonce': nonce,
    'x-dlp-signature': signature.toString('base64'),
  };
}

export async function signed(
  h: AgentHarness,
  device: TestDevice,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  over: Parameters<typeof signHeaders>[5] & { contentType?: string; query?: string } = {},
) {
  const body =
    payload === undefined
      ? Buffer.alloc(0)
      : Buffer.isBuffer(payload)
        ? payload
        : Buffer.from(JSON.stringify(payload));
  const headers = signHeaders(device, method, path, body, h.ctx.clock.now().getTime(), over);
  if (payload !== undefined)
    headers['content-type'] =
      over.contentType ?? (Buffer.isBuffer(payload) ? 'application/octet-stream' : 'application/json');
  return h.ctx.app.inject({
    method,
    url: path + (over.query ?? ''),
    headers,
    ...(payload !== undefined ? { payload: body } : {}),
  });
}

export function checkinBody(over: Record<string, unknown> = {}) {
  return {
    health: { queue_depth: 0 },
    capabilities: {
      os: 'linux',
      os_version: '6.1.0',
      agent_version: '0.1.0',
      channels: {},
      scope_attributes: [],
      features: ['scope_exclusions'],
    },
    bundle_version: 0,
    policy_trust_version: 1,
    trusted_policy_key_ids: ['k1'],
    edm_key_ids: [],
    ...over,
  };
}
