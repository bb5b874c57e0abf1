import { join } from 'node:path';
import type { DeviceKey, DeviceKeyProtection, DeviceSignatureAlgorithm } from './device-key.js';
import { DeviceKeyError } from './device-key-error.js';
import { deviceKeyDir, type PosixModes, readPrivateFile, writePrivateFile } from './private-files.js';

/**
 * The key choice made at enrolment (issue 8: "the choice is pinned at enrolment"). The server
 * pins the algorithm on the device row; the agent pins protection and public key here, so a later
 * start can never pick a different key without the operator re-enrolling from a fresh state.
 */
export interface DeviceKeyPin {
  version: 1;
  protection: DeviceKeyProtection;
  algorithm: DeviceSignatureAlgorithm;
  public_key_b64: string;
  /** TCTI used when the TPM key was created (Linux); absent for software and Windows keys. */
  tcti?: string;
  pinned_at: string;
}

export const PIN_FILE = 'pin.json';

export function pinPath(stateDir: string): string {
  return join(deviceKeyDir(stateDir), PIN_FILE);
}

const PROTECTIONS: readonly string[] = ['software', 'tpm_backed'];
const ALGORITHMS: readonly string[] = ['ed25519', 'ecdsa_p256_sha256'];

export async function readDeviceKeyPin(
  stateDir: string,
  posixModes: PosixModes,
): Promise<DeviceKeyPin | undefined> {
  const path = pinPath(stateDir);
  const raw = await readPrivateFile(path, posixModes);
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new DeviceKeyError('device_key.corrupt', `${path} is not valid JSON`, { cause: err });
  }
  const p = parsed as Partial<DeviceKeyPin> | null;
  if (
    p === null ||
    typeof p !== 'object' ||
    p.version !== 1 ||
    !PROTECTIONS.includes(String(p.protection)) ||
    !ALGORITHMS.includes(String(p.algorithm)) ||
    typeof p.public_key_b64 !== 'string' ||
    typeof p.pinned_at !== 'string' ||
    (p.tcti !== undefined && typeof p.tcti !== 'string')
  ) {
    throw new DeviceKeyError('device_key.corrupt', `${path} does not describe a device key`);
  }
  return p as DeviceKeyPin;
}

export async function writeDeviceKeyPin(
  stateDir: string,
  key: DeviceKey,
  extra: { tcti?: string; now?: Date },
  posixModes: PosixModes,
): Promise<DeviceKeyPin> {
  const pin: DeviceKeyPin = {
    version: 1,
    protection: key.protection,
    algorithm: key.algorithm,
    public_key_b64: Buffer.from(key.publicKey()).toString('base64'),
    ...(extra.tcti !== undefined ? { tcti: extra.tcti } : {}),
    pinned_at: (extra.now ?? new Date()).toISOString(),
  };
  await writePrivateFile(pinPath(stateDir), `${JSON.stringify(pin, null, 2)}\n`, posixModes);
  return pin;
}
