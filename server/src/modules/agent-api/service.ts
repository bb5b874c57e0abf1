import type { BundleEnvelope } from '@custos/engine';
import { strictBase64 } from '../../crypto/device-keys.js';
import { mainConnectionHeld, readerOf } from '../../db/side-connections.js';
import { fieldError } from '../../http/errors.js';
import type { LatestBundle, PolicyPort } from '../../ports/policy-port.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { type AgentUpdateOffer, updateOfferFor } from '../agent-updates/public.js';
import type { DevicesTable } from '../agents/public.js';
import {
  type CheckinReport,
  collectCommands,
  findAgentGroup,
  hasQueuedCommands,
  markDeviceUninstalled,
  recordCheckin,
  setDeviceCertificate,
} from '../agents/public.js';
import { policyTrustUpdateFor } from '../bundles/public.js';
import {
  type CertificateParts,
  CsrError,
  issueDeviceCertificate,
  loadDeviceCa,
  readCsr,
} from '../enrollment/public.js';
import { type IndicatorsForAgents, indicatorsForAgents } from '../network-indicators/public.js';
import { deferredCheckinsOf } from './deferred-checkins.js';

/** Document 2, Certificate renewal: the agent renews within 30 days of expiry (default). */
export const CERT_RENEW_BEFORE_MS = 30 * 86_400_000;
/** Document 2, Check-in: an empty, over 200 characters or control-character value is not recorded. */
const OS_MAX = 200;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function acceptableOs(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= OS_MAX && !CONTROL.test(value);
}

export function featuresOf(capabilities: unknown): Set<string> {
  const f = (capabilities as { features?: unknown } | null)?.features;
  return new Set(Array.isArray(f) ? f.filter((x): x is string => typeof x === 'string') : []);
}

/** Capabilities the bundle needs that the agent lacks (document 1: upgrade_required). */
export function missingCapabilities(bundle: LatestBundle, capabilities: unknown): string[] {
  const have = featuresOf(capabilities);
  return bundle.required_capabilities.filter((c) => !have.has(c)).sort();
}

export interface CheckinInput {
  health: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  bundle_version: number;
  policy_trust_version: number;
  trusted_policy_key_ids: string[];
  edm_key_ids: string[];
}

export interface CheckinResult {
  server_time: string;
  clock_drift_ms: number;
  policy_update_available: boolean;
  revoked: boolean;
  certificate_rotation: boolean;
  commands: { id: string; kind: string; payload: unknown; created_at: string }[];
  /** The next signed trust revision above the reported `policy_trust_version` (docs/signing-keys.md). */
  policy_trust_update: BundleEnvelope | null;
  /** The tenant's network indicators, for the endpoint's own location (docs/network-indicators.md). */
  network_indicators: IndicatorsForAgents;
  /**
   * The endpoint group the device is in now (a name, or null for none): a move in the console
   * reaches the agent at its next check-in, and the agent decides group scopes with it.
   */
  agent_group: string | null;
  /** The agent release its group's rollout rule names, when it runs another (docs/agent-updates.md). */
  agent_update: AgentUpdateOffer | null;
}

/**
 * Check-in (document 2): records health, capabilities and the bundle in force, audits an OS
 * change once, answers drift, update, revoked and rotation flags and the queued commands,
 * collected and marked in one statement.
 */
export async function checkin(
  ctx: ServiceContext,
  policies: PolicyPort,
  device: DevicesTable,
  input: CheckinInput,
  signedAt: number,
): Promise<CheckinResult> {
  const now = ctx.clock.now();
  const base = {
    server_time: now.toISOString(),
    clock_drift_ms: now.getTime() - signedAt,
    policy_trust_update: null,
  } as const;
  const refusedAnswer: CheckinResult = {
    ...base,
    policy_update_available: false,
    revoked: true,
    certificate_rotation: false,
    commands: [],
    network_indicators: { revision: 0, dns_suffixes: [], ip_ranges: [] },
    agent_group: null,
    agent_update: null,
  };
  // A revoked or uninstalled device learns it and nothing else: no health recorded, no command.
  if (device.status !== 'active') return refusedAnswer;
  if (input.health.state === 'uninstalling') {
    await markUninstalled(ctx, device, input.health, now);
    return refusedAnswer;
  }
  const caps = input.capabilities;
  const os = caps.os;
  const osChanged = acceptableOs(os) && os !== device.os;
  const osVersion = acceptableOs(caps.os_version) ? caps.os_version : device.os_version;
  const agentVersion = acceptableOs(caps.agent_version) ? caps.agent_version : device.agent_version;

  const report: CheckinReport = {
    health: JSON.stringify(input.health),
    capabilities: JSON.stringify(caps),
    bundle_version: input.bundle_version,
    policy_trust_version: input.policy_trust_version,
    last_seen_at: now.toISOString(),
    os_version: osVersion,
    agent_version: agentVersion,
    ...(osChanged ? { os } : {}),
  };
  // Reads on SQLite's reader connection, so none waits for an ingest transaction on the main one.
  const reader = readerOf(ctx.db);
  const deferred = deferredCheckinsOf(ctx.db);
  let commands: Awaited<ReturnType<typeof collectCommands>>;
  // Capabilities decide the policy fetch's answer (upgrade_required), so a change is written
  // before the answer, like an OS change (audited) and a command to collect.
  const plain = !osChanged && report.capabilities === device.capabilities;
  if (mainConnectionHeld(ctx.db) && plain && !(await hasQueuedCommands(reader, device))) {
    // An ingest transaction holds the main connection: the row is written when it commits
    // (deferred-checkins.ts). No command waits, so there is nothing to collect and mark.
    deferred.defer(device, report);
    commands = [];
  } else {
    deferred.forget(device.id);
    commands = await ctx.db.transaction().execute(async (trx) => {
      await recordCheckin(trx, device, report);
      if (osChanged) {
        await ctx.audit.write(
          auditContextFor(ctx),
          {
            action: 'agent.os_changed',
            subject: { type: 'agent', id: device.id },
            metadata: { from: device.os, to: os },
          },
          trx,
        );
      }
      // One statement collects and marks: two concurrent check-ins never both receive a command.
      return collectCommands(trx, device, now);
    });
  }

  const latest = await policies.getLatestBundle(reader, device.tenant_id);
  const indicators = await indicatorsForAgents(reader, device.tenant_id);
  const group = device.group_id ? await findAgentGroup(reader, device.tenant_id, device.group_id) : undefined;
  const update =
    latest !== undefined &&
    latest.version > input.bundle_version &&
    missingCapabilities(latest, caps).length === 0;
  return {
    ...base,
    policy_trust_update: await policyTrustUpdateFor(reader, device.tenant_id, input.policy_trust_version),
    policy_update_available: update,
    revoked: false,
    network_indicators: indicators,
    agent_group: group?.name ?? null,
    agent_update: await updateOfferFor({ db: reader }, device, caps),
    certificate_rotation: Date.parse(device.certificate_expires_at) - now.getTime() < CERT_RENEW_BEFORE_MS,
    commands: commands
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
      .map((c) => ({
        id: c.id,
        kind: c.kind,
        payload: JSON.parse(c.payload) as unknown,
        created_at: c.created_at,
      })),
  };
}

/**
 * `dlp-agent uninstall` tells the server with a check-in whose health says `uninstalling`
 * (docs/agent-interface.md): the device becomes `uninstalled`, its last health is kept, and its
 * credentials stop working like a revoked device's (only check-in answers, with `revoked: true`).
 */
async function markUninstalled(
  ctx: ServiceContext,
  device: DevicesTable,
  health: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await markDeviceUninstalled(trx, device, JSON.stringify(health), now.toISOString()))) return;
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'agent.uninstalled',
        subject: { type: 'agent', id: device.id },
        metadata: { hostname: device.hostname, reason: 'uninstalled by dlp-agent uninstall' },
      },
      trx,
    );
  });
}

export type PolicyAnswer =
  | { bundle_version: number; bundle: unknown; reason: null; refused: null }
  | {
      bundle_version: 0;
      bundle: null;
      reason: string;
      refused: { code: 'upgrade_required'; missing: string[] } | null;
    };

/** GET /agent/policy: the latest bundle, none with a reason, or upgrade_required (document 1). */
export async function policyFor(
  ctx: ServiceContext,
  policies: PolicyPort,
  device: DevicesTable,
): Promise<PolicyAnswer> {
  const latest = await policies.getLatestBundle(readerOf(ctx.db), device.tenant_id);
  if (!latest) return { bundle_version: 0, bundle: null, reason: 'no_bundle_published', refused: null };
  const missing = missingCapabilities(latest, JSON.parse(device.capabilities));
  if (missing.length > 0) {
    return {
      bundle_version: 0,
      bundle: null,
      reason: 'upgrade_required',
      refused: { code: 'upgrade_required', missing },
    };
  }
  return { bundle_version: latest.version, bundle: latest.envelope, reason: null, refused: null };
}

/** POST /agent/certificate: a fresh certificate for the pinned key, from a new CSR. */
export async function renewCertificate(
  ctx: ServiceContext,
  parts: CertificateParts,
  device: DevicesTable,
  csrPem: string,
): Promise<{ certificate_pem: string; certificate_expires_at: string; ca_chain_pem: string }> {
  const now = ctx.clock.now();
  const raw = strictBase64(device.public_key_b64) as Buffer;
  let csr: ReturnType<typeof readCsr>;
  try {
    csr = readCsr(csrPem, device.signature_algorithm, raw);
  } catch (error) {
    if (error instanceof CsrError) throw fieldError('csr_pem', error.message);
    throw error;
  }
  const ca = await loadDeviceCa(ctx.db, device.tenant_id, parts.masterKey, now);
  const cert = issueDeviceCertificate(ca, csr, device.id, parts.deviceCertDays, now);
  await setDeviceCertificate(ctx.db, device, cert.serial, cert.expiresAt.toISOString());
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'agent.certificate_renewed',
    subject: { type: 'agent', id: device.id },
    metadata: { serial_prefix: cert.serial.slice(0, 8), expires_at: cert.expiresAt.toISOString() },
  });
  return {
    certificate_pem: cert.certificatePem,
    certificate_expires_at: cert.expiresAt.toISOString(),
    ca_chain_pem: cert.caChainPem,
  };
}
