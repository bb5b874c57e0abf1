import { createHash, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type DeviceAlgorithm,
  importDeviceKey,
  strictBase64,
  verifyDeviceSignature,
} from '../../crypto/device-keys.js';
import type { Database } from '../../db/database.js';
import { noncesOf, readerOf } from '../../db/side-connections.js';
import { AppError } from '../../http/errors.js';
import { type DevicesTable, findDeviceForRequest } from '../agents/public.js';
import { purgeExpiredNonces, spendNonce as recordNonce } from './store.js';
import './tables.js';

/** Document 2, Limits: signed timestamp skew. */
export const SKEW_MS = 300_000;
/** Document 2, Agent requests: the parts of the canonical string are joined by U+001F. */
export const UNIT_SEPARATOR = '\u001f';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 128-bit nonce: 32 hex digits, or 22-24 base64/base64url characters. */
const NONCE = /^(?:[0-9a-fA-F]{32}|[A-Za-z0-9_-]{22}|[A-Za-z0-9+/]{22}==)$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;

export interface SignedHeaders {
  deviceId: string;
  timestamp: string;
  nonce: string;
  signature: string;
}

export function canonicalString(
  method: string,
  path: string,
  body: Uint8Array,
  deviceId: string,
  timestamp: string,
  nonce: string,
): string {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return [method.toUpperCase(), path, bodyHash, deviceId, timestamp, nonce].join(UNIT_SEPARATOR);
}

/** Why a device was refused; the caller sees one answer, the server log sees this. */
export type RefusalCause =
  | 'unknown_device'
  | 'revoked_device'
  | 'bad_signature'
  | 'missing_header'
  | 'certificate_mismatch';

export class IdentityRefused extends AppError {
  readonly refusal: RefusalCause;
  constructor(refusal: RefusalCause) {
    super('agent.unauthenticated', 'the request is not signed by an enrolled device');
    this.refusal = refusal;
  }
}

function named(
  code:
    | 'agent.timestamp_stale'
    | 'agent.timestamp_malformed'
    | 'agent.device_id_malformed'
    | 'agent.nonce_spent'
    | 'agent.nonce_malformed'
    | 'agent.query_not_allowed',
  message: string,
): AppError {
  return new AppError(code, message);
}

/** Step 1: the four headers, each of its shape (a malformed id names itself). */
export function readSignedHeaders(headers: Record<string, string | string[] | undefined>): SignedHeaders {
  const one = (name: string): string | undefined => {
    const v = headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  const deviceId = one('x-dlp-device-id');
  const timestamp = one('x-dlp-timestamp');
  const nonce = one('x-dlp-nonce');
  const signature = one('x-dlp-signature');
  if (deviceId === undefined || timestamp === undefined || nonce === undefined || signature === undefined) {
    throw new IdentityRefused('missing_header');
  }
  if (!UUID.test(deviceId)) throw named('agent.device_id_malformed', 'x-dlp-device-id is not a device id');
  if (!RFC3339.test(timestamp) || Number.isNaN(Date.parse(timestamp)))
    throw named('agent.timestamp_malformed', 'x-dlp-timestamp is not an RFC 3339 time');
  if (!NONCE.test(nonce)) throw named('agent.nonce_malformed', 'x-dlp-nonce is not a 128-bit value');
  return { deviceId: deviceId.toLowerCase(), timestamp, nonce, signature };
}

/** Step 2: a signed request may not carry a query (document 2); the agent never signs one. */
export function refuseQuery(url: string): string {
  const q = url.indexOf('?');
  if (q !== -1) throw named('agent.query_not_allowed', 'a signed request may not have a query string');
  return url;
}

/** Step 3: within ±300 s of the server's clock. */
export function checkSkew(timestamp: string, now: Date): number {
  const at = Date.parse(timestamp);
  if (Math.abs(at - now.getTime()) > SKEW_MS)
    throw named('agent.timestamp_stale', 'x-dlp-timestamp is outside the allowed clock skew');
  return at;
}

const keyCache = new Map<string, KeyObject | null>();
const KEY_CACHE_MAX = 50_000;

function keyFor(algorithm: DeviceAlgorithm, publicKeyB64: string): KeyObject | null {
  const cacheKey = `${algorithm}:${publicKeyB64}`;
  if (keyCache.has(cacheKey)) return keyCache.get(cacheKey) ?? null;
  const raw = strictBase64(publicKeyB64);
  const key = raw ? importDeviceKey(algorithm, raw) : null;
  if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
  keyCache.set(cacheKey, key);
  return key;
}

export interface IdentifyInput {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  now: Date;
  /** Whether a revoked device may pass (check-in only: it must learn that it is revoked). */
  allowRevoked: boolean;
}

/** A request whose headers, skew and device passed; its signature is still to be checked. */
export interface Claimed {
  headers: SignedHeaders;
  path: string;
  at: number;
  device: DevicesTable;
}

export type VerifiedDevice = DevicesTable;

/**
 * The ordered steps (STYLE.md, jose): headers → query → skew → device, run before the body is
 * read (an unknown or revoked device never gets to upload), then signature over the exact bytes
 * (before the body is parsed) → nonce. The nonce is spent only after the signature verifies, so
 * nobody can burn a device's nonces.
 */
export async function identifyDevice(db: Kysely<Database>, input: IdentifyInput): Promise<Claimed> {
  const headers = readSignedHeaders(input.headers);
  const path = refuseQuery(input.url);
  const at = checkSkew(headers.timestamp, input.now);
  // On SQLite through the reader connection: never behind an ingest transaction (side-connections.ts).
  const device = await findDeviceForRequest(readerOf(db), headers.deviceId);
  if (!device) throw new IdentityRefused('unknown_device');
  if (device.status !== 'active' && !input.allowRevoked) throw new IdentityRefused('revoked_device');
  return { headers, path, at, device };
}

export async function verifyClaim(
  db: Kysely<Database>,
  claim: Claimed,
  method: string,
  body: Uint8Array,
  now: Date,
): Promise<VerifiedDevice> {
  const { headers: h, device } = claim;
  const key = keyFor(device.signature_algorithm, device.public_key_b64);
  const signature = strictBase64(h.signature);
  const message = Buffer.from(
    canonicalString(method, claim.path, body, h.deviceId, h.timestamp, h.nonce),
    'utf8',
  );
  if (!key || !signature || !verifyDeviceSignature(device.signature_algorithm, key, message, signature)) {
    throw new IdentityRefused('bad_signature');
  }
  await spendNonce(db, h.deviceId, h.nonce, claim.at, now);
  return device;
}

export interface VerifyInput extends IdentifyInput {
  method: string;
  body: Uint8Array;
}

/** Both halves at once (tests and callers that already hold the body). */
export async function verifySignedRequest(db: Kysely<Database>, input: VerifyInput): Promise<VerifiedDevice> {
  const claim = await identifyDevice(db, input);
  return verifyClaim(db, claim, input.method, input.body, input.now);
}

let spentSincePurge = 0;
const PURGE_EVERY = 2_000;

/**
 * Replay stop: the nonce is remembered until its timestamp leaves the window (document 2: the
 * window bounds the cache); a second use inside the window is refused by name. On SQLite the
 * cache is a file of its own with its own connection, so spending a nonce never waits for an
 * ingest transaction on the main one (db/side-connections.ts); on PostgreSQL it is the shared
 * `agent_nonces` table every instance sees.
 */
export async function spendNonce(
  db: Kysely<Database>,
  deviceId: string,
  nonce: string,
  at: number,
  now: Date,
): Promise<void> {
  const cache = noncesOf(db);
  if (!(await recordNonce(cache, deviceId, nonce, new Date(at + SKEW_MS)))) {
    throw named('agent.nonce_spent', 'x-dlp-nonce was already used');
  }
  spentSincePurge += 1;
  if (spentSincePurge >= PURGE_EVERY) {
    spentSincePurge = 0;
    await purgeExpiredNonces(cache, now);
  }
}
