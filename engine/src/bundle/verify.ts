import type { KeyObject } from 'node:crypto';
import { BUNDLE_SCHEMA_VERSION, type BundlePayload, type SchemaVersion } from '../policy/bundle-payload.js';
import { decodeBase64Strict, ed25519PublicKey, verifyEd25519 } from './ed25519.js';
import { BUNDLE_ALGORITHMS, type BundleErrorCode } from './envelope.js';
import { bundlePayloadProblems } from './payload-shape.js';

/** One entry of the enrolment answer's `policy_signing_keys` (document 2). */
export interface TrustedPolicyKey {
  key_id: string;
  public_key_b64: string;
  algorithm: string;
  not_after?: string | null;
}

/** What the agent trusts and who it is; all of it comes from enrolment and earlier bundles. */
export interface BundleTrust {
  tenant_id: string;
  device_id: string;
  /** The endpoint group the agent belongs to, or null. */
  agent_group: string | null;
  keys: readonly TrustedPolicyKey[];
  /** Highest bundle version accepted so far; 0 before the first. */
  version_floor: number;
  /** The schema this agent reads; defaults to the engine's `BUNDLE_SCHEMA_VERSION`. */
  schema?: SchemaVersion;
}

export interface VerifyBundleContext {
  now: Date;
  /** Allowed distance of `issued_at` ahead of `now`; document 2 limits signed timestamps to 300 s. */
  max_skew_seconds?: number;
}

export type BundleVerification =
  | { ok: true; payload: BundlePayload; bytes: Uint8Array; key_id: string }
  | { ok: false; code: BundleErrorCode; message: string };

class Refusal {
  constructor(
    readonly code: BundleErrorCode,
    readonly message: string,
  ) {}
}

const refuse = (code: BundleErrorCode, message: string): never => {
  throw new Refusal(code, message);
};

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

interface Envelope {
  alg: unknown;
  key_id: string;
  bytes: Uint8Array;
  signature: Uint8Array;
}

function checkShape(envelope: unknown): Envelope {
  if (!isObj(envelope)) return refuse('bundle.malformed', 'the envelope is not an object');
  const { alg, key_id: keyId, payload_b64: p, signature_b64: s } = envelope;
  if (typeof keyId !== 'string' || keyId.length === 0)
    return refuse('bundle.malformed', 'the envelope has no key_id');
  const bytes = decodeBase64Strict(p);
  if (!bytes) return refuse('bundle.malformed', 'payload_b64 is not canonical base64');
  const signature = decodeBase64Strict(s);
  if (!signature) return refuse('bundle.malformed', 'signature_b64 is not canonical base64');
  return { alg, key_id: keyId, bytes, signature };
}

function checkAlgorithm(env: Envelope): void {
  if (!(BUNDLE_ALGORITHMS as readonly unknown[]).includes(env.alg))
    refuse('bundle.algorithm_unsupported', 'the signature algorithm is not supported');
}

function checkKnownKey(env: Envelope, trust: BundleTrust, now: Date): KeyObject {
  const key = trust.keys.find((k) => k.key_id === env.key_id);
  if (!key) return refuse('bundle.key_unknown', 'the signing key id is not trusted');
  const raw = key.algorithm === 'ed25519' ? decodeBase64Strict(key.public_key_b64) : null;
  const publicKey = raw ? ed25519PublicKey(raw) : null;
  if (!publicKey)
    return refuse('bundle.key_unknown', 'the trusted key with this id is not a usable Ed25519 key');
  if (key.not_after && isTime(key.not_after) && now.getTime() > Date.parse(key.not_after))
    return refuse('bundle.key_expired', 'the signing key is past its not_after');
  return publicKey;
}

function checkSignature(env: Envelope, key: KeyObject): void {
  // Over the exact transmitted bytes, before anything in them is parsed.
  if (!verifyEd25519(key, env.bytes, env.signature))
    refuse('bundle.signature_invalid', 'the signature does not verify over the payload bytes');
}

function parsePayload(env: Envelope): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(env.bytes));
  } catch {
    return refuse('bundle.payload_malformed', 'the signed payload is not JSON');
  }
  if (!isObj(parsed)) return refuse('bundle.payload_malformed', 'the signed payload is not an object');
  return parsed;
}

function checkKeyIdMatch(env: Envelope, payload: Record<string, unknown>): void {
  if (payload['key_id'] !== env.key_id)
    refuse('bundle.key_id_mismatch', "the envelope key id differs from the signed payload's");
}

function checkSchema(payload: Record<string, unknown>, trust: BundleTrust): void {
  const want = trust.schema ?? BUNDLE_SCHEMA_VERSION;
  const got = payload['schema_version'];
  if (!isObj(got) || got['major'] !== want.major || !Number.isInteger(got['minor']))
    refuse('bundle.schema_incompatible', `the bundle schema is not compatible with ${want.major}.x`);
}

/** After the schema is known to be ours: every field the later checks and the evaluator read. */
function checkStructure(p: Record<string, unknown>): BundlePayload {
  const ok =
    Number.isInteger(p['bundle_version']) &&
    typeof p['tenant_id'] === 'string' &&
    isTime(p['issued_at']) &&
    isTime(p['expires_at']) &&
    (p['device_scope'] === null || isStrList(p['device_scope'])) &&
    (p['group_scope'] === null || isStrList(p['group_scope'])) &&
    isStrList(p['required_capabilities']) &&
    Array.isArray(p['policies']) &&
    Array.isArray(p['classifications']) &&
    Array.isArray(p['detectors']) &&
    isStrList(p['monitored_paths']);
  if (!ok) refuse('bundle.payload_malformed', 'the signed payload lacks a required field');
  const problems = bundlePayloadProblems(p);
  if (problems.length > 0)
    refuse('bundle.payload_malformed', `the signed payload is malformed at ${problems[0]!.field}`);
  return p as unknown as BundlePayload;
}

function checkTenant(p: BundlePayload, trust: BundleTrust): void {
  if (p.tenant_id !== trust.tenant_id) refuse('bundle.tenant_mismatch', 'the bundle is for another tenant');
}

function checkDeviceScope(p: BundlePayload, trust: BundleTrust): void {
  if (p.device_scope !== null && !p.device_scope.includes(trust.device_id))
    refuse('bundle.device_out_of_scope', 'the bundle is not for this device');
}

function checkGroupScope(p: BundlePayload, trust: BundleTrust): void {
  if (p.group_scope !== null && (trust.agent_group === null || !p.group_scope.includes(trust.agent_group)))
    refuse('bundle.group_out_of_scope', "the bundle is not for this device's endpoint group");
}

function checkExpiry(p: BundlePayload, now: Date): void {
  if (now.getTime() >= Date.parse(p.expires_at)) refuse('bundle.expired', 'the bundle has expired');
}

function checkClockSkew(p: BundlePayload, ctx: VerifyBundleContext): void {
  const skew = (ctx.max_skew_seconds ?? 300) * 1000;
  if (Date.parse(p.issued_at) > ctx.now.getTime() + skew)
    refuse('bundle.clock_skew', 'the bundle was issued further in the future than the allowed clock skew');
}

function checkVersionFloor(p: BundlePayload, trust: BundleTrust): void {
  if (p.bundle_version < trust.version_floor)
    refuse('bundle.version_rollback', 'the bundle version is below the highest accepted');
}

/**
 * The agent's checks in document 1's order: algorithm, known key id, signature (over the exact
 * bytes, before parsing), envelope key id equal to the payload's, schema compatibility, tenant,
 * device scope, group scope, expiry, clock skew, monotonic version floor. The first failure is
 * returned with its own code; the caller keeps the last verified bundle in force.
 */
export function verifyBundle(
  envelope: unknown,
  trust: BundleTrust,
  ctx: VerifyBundleContext,
): BundleVerification {
  try {
    const env = checkShape(envelope);
    checkAlgorithm(env);
    const key = checkKnownKey(env, trust, ctx.now);
    checkSignature(env, key);
    const raw = parsePayload(env);
    checkKeyIdMatch(env, raw);
    checkSchema(raw, trust);
    const payload = checkStructure(raw);
    checkTenant(payload, trust);
    checkDeviceScope(payload, trust);
    checkGroupScope(payload, trust);
    checkExpiry(payload, ctx.now);
    checkClockSkew(payload, ctx);
    checkVersionFloor(payload, trust);
    return { ok: true, payload, bytes: env.bytes, key_id: env.key_id };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}
