import { type KeyObject, sign } from 'node:crypto';
import canonicalize from 'canonicalize';
import { decodeBase64Strict, ed25519PublicKey, verifyEd25519 } from '../bundle/ed25519.js';
import type { TrustedPolicyKey } from '../bundle/verify.js';

/**
 * A signed exception decision (docs/exception-requests.md, Signed decisions). The server signs it
 * with the tenant's policy signing key; the agent releases nothing before `verifyDecision` accepts
 * it. Serials are per device and only increase, so a decision is used once.
 */
export type DecisionOutcome = 'approved' | 'refused' | 'withdrawn';

export interface DecisionPayload {
  kind: 'exception_decision';
  key_id: string;
  tenant_id: string;
  device_id: string;
  serial: number;
  request_id: string;
  reference: string;
  decision: DecisionOutcome;
  policy_id: string;
  policy_version: number;
  file_hash: string;
  channel: string;
  destination: string | null;
  issued_at: string;
  /** Until when an approval releases; for a refusal or withdrawal, `issued_at`. */
  expires_at: string;
}

export interface DecisionEnvelope {
  alg: 'ed25519';
  key_id: string;
  payload_b64: string;
  signature_b64: string;
}

export type DecisionRefusal =
  | 'malformed'
  | 'unsupported_algorithm'
  | 'unknown_key'
  | 'bad_signature'
  | 'key_id_mismatch'
  | 'wrong_tenant'
  | 'wrong_device'
  | 'replayed_serial'
  | 'issued_in_future'
  | 'expired';

export type DecisionVerification =
  | { ok: true; payload: DecisionPayload }
  | { ok: false; code: DecisionRefusal };

export interface DecisionTrust {
  tenant_id: string;
  device_id: string;
  keys: readonly TrustedPolicyKey[];
  /** Highest serial already accepted on this device; 0 before the first. */
  serial_floor: number;
}

/** Allowed distance of `issued_at` ahead of the verifier's clock (document 2: 300 s). */
export const DECISION_MAX_SKEW_S = 300;

export function decisionBytes(payload: DecisionPayload): Uint8Array {
  return new TextEncoder().encode(canonicalize(payload) ?? '');
}

export function signDecision(payload: DecisionPayload, privateKey: KeyObject): DecisionEnvelope {
  if (privateKey.asymmetricKeyType !== 'ed25519' || privateKey.type !== 'private')
    throw new TypeError('signDecision needs an Ed25519 private key');
  const bytes = decisionBytes(payload);
  return {
    alg: 'ed25519',
    key_id: payload.key_id,
    payload_b64: Buffer.from(bytes).toString('base64'),
    signature_b64: sign(null, bytes, privateKey).toString('base64'),
  };
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const time = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

function payloadOf(bytes: Uint8Array): DecisionPayload | null {
  let p: unknown;
  try {
    p = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!isObj(p) || p.kind !== 'exception_decision') return null;
  const ok =
    str(p.key_id) &&
    str(p.tenant_id) &&
    str(p.device_id) &&
    Number.isSafeInteger(p.serial) &&
    (p.serial as number) > 0 &&
    str(p.request_id) &&
    str(p.reference) &&
    (p.decision === 'approved' || p.decision === 'refused' || p.decision === 'withdrawn') &&
    str(p.policy_id) &&
    Number.isSafeInteger(p.policy_version) &&
    str(p.file_hash) &&
    str(p.channel) &&
    (p.destination === null || typeof p.destination === 'string') &&
    time(p.issued_at) &&
    time(p.expires_at);
  return ok ? (p as unknown as DecisionPayload) : null;
}

/**
 * Checks, in order: envelope shape, algorithm, known key id (and not past its `not_after`),
 * signature over the exact bytes, envelope key id equal to the signed one, payload shape, tenant,
 * device, serial above the floor (a replay is refused), `issued_at` not ahead of the clock by more
 * than the skew, and for an approval, not expired. A withdrawal or refusal does not expire: it
 * always takes an approval back.
 */
export function verifyDecision(envelope: unknown, trust: DecisionTrust, now: Date): DecisionVerification {
  const no = (code: DecisionRefusal): DecisionVerification => ({ ok: false, code });
  if (!isObj(envelope) || !str(envelope.key_id)) return no('malformed');
  if (envelope.alg !== 'ed25519') return no('unsupported_algorithm');
  const key = trust.keys.find((k) => k.key_id === envelope.key_id);
  if (key?.algorithm !== 'ed25519') return no('unknown_key');
  if (key.not_after && Date.parse(key.not_after) <= now.getTime()) return no('unknown_key');
  const bytes = decodeBase64Strict(envelope.payload_b64);
  const signature = decodeBase64Strict(envelope.signature_b64);
  const raw = decodeBase64Strict(key.public_key_b64);
  const publicKey = raw ? ed25519PublicKey(raw) : null;
  if (!bytes || !signature) return no('malformed');
  if (!publicKey || !verifyEd25519(publicKey, bytes, signature)) return no('bad_signature');
  const payload = payloadOf(bytes);
  if (!payload) return no('malformed');
  if (payload.key_id !== envelope.key_id) return no('key_id_mismatch');
  if (payload.tenant_id !== trust.tenant_id) return no('wrong_tenant');
  if (payload.device_id !== trust.device_id) return no('wrong_device');
  if (payload.serial <= trust.serial_floor) return no('replayed_serial');
  if (Date.parse(payload.issued_at) > now.getTime() + DECISION_MAX_SKEW_S * 1000)
    return no('issued_in_future');
  if (payload.decision === 'approved' && Date.parse(payload.expires_at) <= now.getTime())
    return no('expired');
  return { ok: true, payload };
}

/** The held operation the agent would release. */
export interface HeldOperation {
  policy_id: string;
  file_hash: string;
  channel: string;
  destination: string | null;
}

/**
 * Whether a verified approval releases this operation at `now`: an approval, not yet expired, for
 * the same policy, file content, channel and destination. Anything else releases nothing.
 */
export function decisionReleases(payload: DecisionPayload, op: HeldOperation, now: Date): boolean {
  return (
    payload.decision === 'approved' &&
    Date.parse(payload.expires_at) > now.getTime() &&
    payload.policy_id === op.policy_id &&
    payload.file_hash.toLowerCase() === op.file_hash.toLowerCase() &&
    payload.channel === op.channel &&
    (payload.destination ?? null) === (op.destination ?? null)
  );
}
