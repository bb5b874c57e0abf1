import { randomBytes, randomUUID } from 'node:crypto';
import {
  importDeviceKey,
  isDeviceAlgorithm,
  KEY_PROTECTIONS,
  strictBase64,
} from '../../crypto/device-keys.js';
import { AppError, fieldError } from '../../http/errors.js';
import { sha256Hex } from '../../http/tokens.js';
import type { PolicyPort, PolicySigningKey } from '../../ports/policy-port.js';
import { actorOf, auditContextFor, type ServiceContext } from '../../service-context.js';
import { findAgentGroupByName, insertDevice } from '../agents/public.js';
import { policyTrustVersion } from '../bundles/public.js';
import {
  type CertificateParts,
  CsrError,
  issueDeviceCertificate,
  loadDeviceCa,
  readCsr,
} from './device-ca.js';
import { findToken, findTokenByHash, insertToken, listTokens, revokeToken, takeTokenUse } from './store.js';
import { type TokenRow, withGroup, withGroups } from './token-groups.js';

/** Document 2: service-specific prefix (the console's own secrets use dlps_/dlpt_/…). */
export const ENROLLMENT_TOKEN_PREFIX = 'dlpe_';
/** Document 2: lifetime one minute to seven days; a longer ask is clamped to a week. */
export const MAX_TTL_MINUTES = 7 * 24 * 60;
export const DEFAULT_TTL_MINUTES = 60;
/** How often an agent checks in unless its machine policy says otherwise (docs/agent-interface.md). */
export const CHECKIN_INTERVAL_SECS = 60;
/** The enrolment request schema this server reads (document 2, Versioning: `schema_version`). */
export const ENROLL_SCHEMA_MAJOR = 1;

export interface TokenView {
  id: string;
  prefix: string;
  agent_group: string | null;
  max_uses: number;
  uses: number;
  expires_at: string;
  created_at: string;
  revoked_at: string | null;
  state: 'live' | 'expired' | 'exhausted' | 'revoked';
}

export function tokenView(t: TokenRow, now: Date): TokenView {
  const state = t.revoked_at
    ? 'revoked'
    : t.uses >= t.max_uses
      ? 'exhausted'
      : Date.parse(t.expires_at) <= now.getTime()
        ? 'expired'
        : 'live';
  return {
    id: t.id,
    prefix: t.token_prefix,
    agent_group: t.group_name,
    max_uses: t.max_uses,
    uses: t.uses,
    expires_at: t.expires_at,
    created_at: t.created_at,
    revoked_at: t.revoked_at,
    state,
  };
}

export async function createToken(
  ctx: ServiceContext,
  input: {
    max_uses?: number | undefined;
    ttl_minutes?: number | undefined;
    agent_group?: string | null | undefined;
  },
): Promise<{ token: string; view: TokenView }> {
  const actor = actorOf(ctx);
  const now = ctx.clock.now();
  let groupId: string | null = null;
  if (input.agent_group !== undefined && input.agent_group !== null) {
    const g = await findAgentGroupByName(ctx.db, actor.tenantId, input.agent_group);
    if (!g || g.retired_at) throw fieldError('agent_group', 'no live endpoint group with that name');
    groupId = g.id;
  }
  const ttl = Math.min(input.ttl_minutes ?? DEFAULT_TTL_MINUTES, MAX_TTL_MINUTES);
  const token = `${ENROLLMENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = randomUUID();
  await insertToken(ctx.db, {
    id,
    tenant_id: actor.tenantId,
    token_hash: sha256Hex(token),
    token_prefix: token.slice(0, ENROLLMENT_TOKEN_PREFIX.length + 6),
    group_id: groupId,
    max_uses: input.max_uses ?? 1,
    uses: 0,
    expires_at: new Date(now.getTime() + ttl * 60_000).toISOString(),
    created_by: actor.id,
    created_at: now.toISOString(),
    revoked_at: null,
    revoked_by: null,
  });
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'enrollment_token.created',
    subject: { type: 'enrollment_token', id },
    metadata: { max_uses: input.max_uses ?? 1, ttl_minutes: ttl, agent_group_id: groupId },
  });
  const row = await withGroup(ctx.db, await findToken(ctx.db, actor.tenantId, id));
  return { token, view: tokenView(row as TokenRow, now) };
}

export async function listTokenViews(ctx: ServiceContext): Promise<TokenView[]> {
  const { tenantId } = actorOf(ctx);
  const now = ctx.clock.now();
  return (await withGroups(ctx.db, tenantId, await listTokens(ctx.db, tenantId))).map((t) =>
    tokenView(t, now),
  );
}

/** Stops further enrolments only: devices enrolled with the token stay (document 2). */
export async function revokeTokenById(ctx: ServiceContext, id: string, reason: string): Promise<TokenView> {
  const actor = actorOf(ctx);
  // Document 2: a reason of at least five characters; blanks do not count.
  if (reason.trim().length < 5) throw fieldError('reason', 'must be at least 5 characters');
  const row = await findToken(ctx.db, actor.tenantId, id);
  if (!row) throw new AppError('resource.not_found', 'enrolment token not found');
  const now = ctx.clock.now();
  if (!row.revoked_at) {
    await revokeToken(ctx.db, actor.tenantId, id, actor.id ?? 'system', now);
    await ctx.audit.write(auditContextFor(ctx), {
      action: 'enrollment_token.revoked',
      subject: { type: 'enrollment_token', id },
      metadata: { reason },
    });
  }
  return tokenView((await withGroup(ctx.db, await findToken(ctx.db, actor.tenantId, id))) as TokenRow, now);
}

export interface EnrollInput {
  schema_version: { major: number; minor: number };
  enrollment_token: string;
  hardware_id: string;
  hostname: string;
  os: string;
  os_version: string;
  agent_version: string;
  device_public_key_b64: string;
  device_signature_algorithm: string;
  device_key_protection: string;
  csr_pem: string;
  capabilities: Record<string, unknown>;
}

export interface EnrollResult {
  device_id: string;
  tenant_id: string;
  certificate_pem: string;
  ca_chain_pem: string;
  certificate_expires_at: string;
  policy_signing_keys: PolicySigningKey[];
  policy_trust_version: number;
  checkin_interval_secs: number;
  agent_group: string | null;
}

/** What an enrolment needs besides the service context: the device CA's parts and the policy port. */
export interface EnrollParts extends CertificateParts {
  policies: PolicyPort;
}

function tokenUnusable(): AppError {
  return new AppError('enrolment.token_unusable', 'the enrolment token cannot be used');
}

/**
 * Enrolment (document 2): key shapes are checked before the token is consumed; expired,
 * revoked, exhausted and unknown tokens answer the identical 403; the use is taken atomically
 * in the same transaction that creates the device.
 */
export async function enroll(
  ctx: ServiceContext,
  parts: EnrollParts,
  input: EnrollInput,
): Promise<EnrollResult> {
  // Enrolment schema 1.x: a major version this server does not speak is refused before anything else.
  if (input.schema_version.major !== ENROLL_SCHEMA_MAJOR)
    throw fieldError('schema_version.major', `must be ${ENROLL_SCHEMA_MAJOR}`);
  const algorithm = input.device_signature_algorithm;
  if (!isDeviceAlgorithm(algorithm))
    throw fieldError('device_signature_algorithm', 'must be ed25519 or ecdsa_p256_sha256');
  const allowed = KEY_PROTECTIONS[input.device_key_protection];
  if (!allowed) throw fieldError('device_key_protection', 'is not a known protection');
  if (!allowed.includes(algorithm))
    throw fieldError('device_key_protection', 'is not consistent with device_signature_algorithm');
  const raw = strictBase64(input.device_public_key_b64);
  if (!raw || !importDeviceKey(algorithm, raw)) {
    throw fieldError(
      'device_public_key_b64',
      algorithm === 'ed25519'
        ? 'must be a 32-byte Ed25519 public key in base64'
        : 'must be a 65-byte uncompressed P-256 point in base64',
    );
  }
  let csr: ReturnType<typeof readCsr>;
  try {
    csr = readCsr(input.csr_pem, algorithm, raw);
  } catch (error) {
    if (error instanceof CsrError) throw fieldError('csr_pem', error.message);
    throw error;
  }

  const now = ctx.clock.now();
  const hash = sha256Hex(input.enrollment_token);
  const token = await withGroup(ctx.db, await findTokenByHash(ctx.db, hash));
  if (
    !token ||
    token.revoked_at ||
    token.uses >= token.max_uses ||
    Date.parse(token.expires_at) <= now.getTime()
  ) {
    throw tokenUnusable();
  }
  const tenantId = token.tenant_id;
  const deviceId = randomUUID();
  // A group retired since the token was made takes no new members: the device joins none.
  const group =
    token.group_id && !token.group_retired_at ? { id: token.group_id, name: token.group_name } : null;
  const ca = await loadDeviceCa(ctx.db, tenantId, parts.masterKey, now);
  const cert = issueDeviceCertificate(ca, csr, deviceId, parts.deviceCertDays, now);
  const signingKeys = await parts.policies.getPolicySigningKeys(ctx.db, tenantId, parts.masterKey);
  // The set above belongs to this trust version (docs/signing-keys.md): the endpoint starts there.
  const trustVersion = await policyTrustVersion(ctx.db, tenantId);

  await ctx.db.transaction().execute(async (trx) => {
    if (!(await takeTokenUse(trx, hash, now))) throw tokenUnusable();
    await insertDevice(trx, {
      id: deviceId,
      tenant_id: tenantId,
      group_id: group?.id ?? null,
      hostname: input.hostname,
      os: input.os,
      os_version: input.os_version,
      agent_version: input.agent_version,
      hardware_id: input.hardware_id,
      public_key_b64: input.device_public_key_b64,
      signature_algorithm: algorithm,
      key_protection: input.device_key_protection,
      status: 'active',
      revoked_at: null,
      enrolled_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      capabilities: JSON.stringify(input.capabilities),
      health: '{}',
      bundle_version: 0,
      policy_trust_version: trustVersion,
      certificate_serial: cert.serial,
      certificate_expires_at: cert.expiresAt.toISOString(),
      stored_events: 0,
      quota_episode: null,
    });
    // Enrolment runs before anyone is known: the new device is the actor, in the token's tenant.
    await ctx.audit.write(
      { tenantId, actor: { type: 'agent', id: deviceId }, requestId: ctx.requestId },
      {
        action: 'agent.enrolled',
        subject: { type: 'agent', id: deviceId },
        metadata: { enrollment_token_id: token.id, agent_group_id: group?.id ?? null, algorithm },
      },
      trx,
    );
  });
  return {
    device_id: deviceId,
    tenant_id: tenantId,
    certificate_pem: cert.certificatePem,
    ca_chain_pem: cert.caChainPem,
    certificate_expires_at: cert.expiresAt.toISOString(),
    policy_signing_keys: signingKeys,
    policy_trust_version: trustVersion,
    checkin_interval_secs: CHECKIN_INTERVAL_SECS,
    agent_group: group?.name ?? null,
  };
}
