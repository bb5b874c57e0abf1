import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { join } from 'node:path';
import type { DeviceKey } from './device-key.js';
import { DeviceKeyError } from './device-key-error.js';
import { deviceKeyDir, type PosixModes, readPrivateFile, writePrivateFile } from './private-files.js';

/** File of the software identity inside `<stateDir>/device-key/` (PKCS#8 PEM, mode 0600). */
export const SOFTWARE_KEY_FILE = 'software-ed25519.pem';

export function softwareKeyPath(stateDir: string): string {
  return join(deviceKeyDir(stateDir), SOFTWARE_KEY_FILE);
}

/** Ed25519 key held by node:crypto (document 2, Key shapes: 32-byte public key, 64-byte signature). */
class SoftwareEd25519Key implements DeviceKey {
  readonly algorithm = 'ed25519' as const;
  readonly protection = 'software' as const;
  readonly #privateKey: KeyObject;
  readonly #publicRaw: Uint8Array;
  #closed = false;

  constructor(privateKey: KeyObject) {
    this.#privateKey = privateKey;
    // The JWK `x` member is exactly the 32-byte raw public key (RFC 8037).
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    this.#publicRaw = new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'));
    if (this.#publicRaw.length !== 32)
      throw new DeviceKeyError('device_key.corrupt', 'Ed25519 key is malformed');
  }

  publicKey(): Uint8Array {
    return this.#publicRaw.slice();
  }

  async sign(message: Uint8Array): Promise<Uint8Array> {
    if (this.#closed) throw new Error('device key is closed');
    return new Uint8Array(sign(null, message, this.#privateKey));
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}

function parseKey(pem: Buffer, path: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch (err) {
    throw new DeviceKeyError('device_key.corrupt', `${path} is not a readable private key`, { cause: err });
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new DeviceKeyError(
      'device_key.corrupt',
      `${path} holds a ${key.asymmetricKeyType} key, not Ed25519`,
    );
  }
  return key;
}

/** Loads the software key from the state directory; undefined when none was ever created. */
export async function loadSoftwareKey(
  stateDir: string,
  posixModes: PosixModes,
): Promise<DeviceKey | undefined> {
  const path = softwareKeyPath(stateDir);
  const pem = await readPrivateFile(path, posixModes);
  if (pem === undefined) return undefined;
  return new SoftwareEd25519Key(parseKey(pem, path));
}

/** A software key held only in memory (the fleet simulator's virtual endpoints: no state directory). */
export function softwareKeyInMemory(privateKey: KeyObject): DeviceKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new TypeError('an Ed25519 private key is required');
  return new SoftwareEd25519Key(privateKey);
}

/** Reloads the existing software key, or generates and stores a new one (dir 0700, file 0600). */
export async function loadOrCreateSoftwareKey(stateDir: string, posixModes: PosixModes): Promise<DeviceKey> {
  const existing = await loadSoftwareKey(stateDir, posixModes);
  if (existing) return existing;
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' });
  await writePrivateFile(softwareKeyPath(stateDir), pem, posixModes);
  return new SoftwareEd25519Key(privateKey);
}
