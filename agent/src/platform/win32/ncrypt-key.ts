import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import koffi from 'koffi';
import type { DeviceKey } from '../../identity/device-key.js';
import { DeviceKeyError } from '../../identity/device-key-error.js';
import { deviceKeyDir, readPrivateFile, writePrivateFile } from '../../identity/private-files.js';

// Pure conversions first (no Windows API: unit-tested on every platform), then the binding.

/** BCRYPT_ECDSA_PUBLIC_P256_MAGIC ('ECS1', little-endian) from bcrypt.h. */
export const BCRYPT_ECDSA_PUBLIC_P256_MAGIC = 0x31534345;
const P256_BYTES = 32;

/**
 * BCRYPT_ECCPUBLIC_BLOB → 65-byte uncompressed point. The blob is a BCRYPT_ECCKEY_BLOB header
 * (`ULONG dwMagic; ULONG cbKey;`, little-endian) followed by X then Y, each cbKey big-endian bytes.
 */
export function eccPublicBlobToPoint(blob: Uint8Array): Uint8Array {
  if (blob.length < 8) throw new RangeError('ECCPUBLICBLOB: shorter than its header');
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const magic = view.getUint32(0, true);
  const cbKey = view.getUint32(4, true);
  if (magic !== BCRYPT_ECDSA_PUBLIC_P256_MAGIC) {
    throw new RangeError(`ECCPUBLICBLOB: magic 0x${magic.toString(16)} is not an ECDSA P-256 public key`);
  }
  if (cbKey !== P256_BYTES) throw new RangeError(`ECCPUBLICBLOB: key length ${cbKey}, expected 32`);
  if (blob.length !== 8 + 2 * cbKey) throw new RangeError('ECCPUBLICBLOB: length does not match its header');
  const point = new Uint8Array(65);
  point[0] = 0x04;
  point.set(blob.subarray(8, 8 + 2 * cbKey), 1);
  return point;
}

/**
 * NCryptSignHash output for an ECDSA P-256 key is already the fixed-width `r || s` document 2
 * asks for; anything else is refused rather than re-encoded.
 */
export function checkSignHashOutput(signature: Uint8Array): Uint8Array {
  if (signature.length !== 2 * P256_BYTES) {
    throw new RangeError(`NCryptSignHash returned ${signature.length} bytes, expected 64 (r || s)`);
  }
  return signature;
}

/** SECURITY_STATUS values we name (winerror.h); others are shown in hex. */
const STATUS_NAMES: Record<number, string> = {
  2148073494: 'NTE_BAD_KEYSET (the key does not exist)',
  2148073487: 'NTE_EXISTS (a key with this name already exists)',
  2148073513: 'NTE_NOT_SUPPORTED',
  2148073520: 'NTE_DEVICE_NOT_READY (no usable TPM)',
  2148073481: 'NTE_BAD_FLAGS',
  2148073511: 'NTE_INVALID_PARAMETER',
  2148073512: 'NTE_BUFFER_TOO_SMALL',
  2148073514: 'NTE_NO_MEMORY',
  2148073525: 'NTE_DEVICE_NOT_FOUND',
  2150106112: 'TPM_E_PCP_DEVICE_NOT_READY',
};

/** Formats a SECURITY_STATUS (a signed LONG as koffi returns it) for an operator-facing message. */
export function describeSecurityStatus(status: number): string {
  const unsigned = status >>> 0;
  const hex = `0x${unsigned.toString(16).padStart(8, '0')}`;
  const name = STATUS_NAMES[unsigned];
  return name ? `${hex} ${name}` : hex;
}

/**
 * The Windows hardware key: an ECDSA P-256 key persisted by the Microsoft Platform Crypto Provider,
 * which keeps it in the TPM (issue 8). NCrypt is reached through koffi, like tpm2-tss on Linux.
 * The key lives in the machine store (the agent runs as a service); the state directory only
 * remembers its name.
 */

const MS_PLATFORM_CRYPTO_PROVIDER = 'Microsoft Platform Crypto Provider';
const BCRYPT_ECDSA_P256_ALGORITHM = 'ECDSA_P256';
const BCRYPT_ECCPUBLIC_BLOB = 'ECCPUBLICBLOB';
const NCRYPT_MACHINE_KEY_FLAG = 0x20;
/**
 * The agent is a service with no desktop: a provider that wants to ask the user something (a PIN,
 * a consent prompt) must fail with NTE_SILENT_CONTEXT instead of waiting for a dialog nobody sees.
 */
const NCRYPT_SILENT_FLAG = 0x40;
const KEY_FLAGS = NCRYPT_MACHINE_KEY_FLAG | NCRYPT_SILENT_FLAG;
const NTE_BAD_KEYSET = 0x80090016;
/** 8-byte header + X + Y. */
const P256_PUBLIC_BLOB_BYTES = 72;

export const NCRYPT_KEY_FILE = 'ncrypt-p256.json';

interface NcryptKeyRecord {
  version: 1;
  provider: typeof MS_PLATFORM_CRYPTO_PROVIDER;
  key_name: string;
}

type Fn = ((...args: unknown[]) => number) & { async: (...args: unknown[]) => void };

interface Ncrypt {
  OpenStorageProvider: Fn;
  OpenKey: Fn;
  CreatePersistedKey: Fn;
  FinalizeKey: Fn;
  ExportKey: Fn;
  SignHash: Fn;
  FreeObject: Fn;
  DeleteKey: Fn;
}

/**
 * ncrypt.h declarations as koffi parses them. NCRYPT_PROV_HANDLE and NCRYPT_KEY_HANDLE are
 * ULONG_PTR, SECURITY_STATUS a LONG; byte buffers are `void *` so koffi passes Node Buffers in place.
 */
export const NCRYPT_PROTOTYPES: Record<keyof Ncrypt, string> = {
  OpenStorageProvider:
    'int32_t __stdcall NCryptOpenStorageProvider(_Out_ uintptr_t *phProvider, const char16_t *pszProviderName, uint32_t dwFlags)',
  OpenKey:
    'int32_t __stdcall NCryptOpenKey(uintptr_t hProvider, _Out_ uintptr_t *phKey, const char16_t *pszKeyName, uint32_t dwLegacyKeySpec, uint32_t dwFlags)',
  CreatePersistedKey:
    'int32_t __stdcall NCryptCreatePersistedKey(uintptr_t hProvider, _Out_ uintptr_t *phKey, const char16_t *pszAlgId, const char16_t *pszKeyName, uint32_t dwLegacyKeySpec, uint32_t dwFlags)',
  FinalizeKey: 'int32_t __stdcall NCryptFinalizeKey(uintptr_t hKey, uint32_t dwFlags)',
  ExportKey:
    'int32_t __stdcall NCryptExportKey(uintptr_t hKey, uintptr_t hExportKey, const char16_t *pszBlobType, void *pParameterList, void *pbOutput, uint32_t cbOutput, _Out_ uint32_t *pcbResult, uint32_t dwFlags)',
  SignHash:
    'int32_t __stdcall NCryptSignHash(uintptr_t hKey, void *pPaddingInfo, const void *pbHashValue, uint32_t cbHashValue, void *pbSignature, uint32_t cbSignature, _Out_ uint32_t *pcbResult, uint32_t dwFlags)',
  FreeObject: 'int32_t __stdcall NCryptFreeObject(uintptr_t hObject)',
  DeleteKey: 'int32_t __stdcall NCryptDeleteKey(uintptr_t hKey, uint32_t dwFlags)',
};

let cached: Ncrypt | undefined;

function loadNcrypt(): Ncrypt {
  if (cached) return cached;
  let lib: ReturnType<typeof koffi.load>;
  try {
    lib = koffi.load('ncrypt.dll');
  } catch (err) {
    throw new DeviceKeyError('device_key.tpm_unavailable', 'ncrypt.dll could not be loaded', { cause: err });
  }
  const f = (decl: string) => lib.func(decl) as unknown as Fn;
  cached = {
    OpenStorageProvider: f(NCRYPT_PROTOTYPES.OpenStorageProvider),
    OpenKey: f(NCRYPT_PROTOTYPES.OpenKey),
    CreatePersistedKey: f(NCRYPT_PROTOTYPES.CreatePersistedKey),
    FinalizeKey: f(NCRYPT_PROTOTYPES.FinalizeKey),
    ExportKey: f(NCRYPT_PROTOTYPES.ExportKey),
    SignHash: f(NCRYPT_PROTOTYPES.SignHash),
    FreeObject: f(NCRYPT_PROTOTYPES.FreeObject),
    DeleteKey: f(NCRYPT_PROTOTYPES.DeleteKey),
  };
  return cached;
}

function fail(
  what: string,
  status: number,
  code: DeviceKeyError['code'] = 'device_key.tpm_key_unusable',
): never {
  throw new DeviceKeyError(code, `${what} failed: ${describeSecurityStatus(status)}`);
}

function callAsync(fn: Fn, ...args: unknown[]): Promise<number> {
  return new Promise((resolve, reject) => {
    fn.async(...args, (err: unknown, result: number) => (err ? reject(err) : resolve(result)));
  });
}

class PlatformCryptoKey implements DeviceKey {
  readonly algorithm = 'ecdsa_p256_sha256' as const;
  readonly protection = 'tpm_backed' as const;
  readonly #nc: Ncrypt;
  readonly #point: Uint8Array;
  #provider: number | bigint;
  #key: number | bigint;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(nc: Ncrypt, provider: number | bigint, key: number | bigint, point: Uint8Array) {
    this.#nc = nc;
    this.#provider = provider;
    this.#key = key;
    this.#point = point;
  }

  publicKey(): Uint8Array {
    return this.#point.slice();
  }

  sign(message: Uint8Array): Promise<Uint8Array> {
    if (this.#closed) return Promise.reject(new Error('device key is closed'));
    const hash = createHash('sha256').update(message).digest();
    // One NCrypt call at a time per handle; each runs on a koffi worker (TPM signing is slow).
    const run = this.#queue.then(async () => {
      const out = Buffer.alloc(64);
      const written: [number | null] = [null];
      const status = await callAsync(
        this.#nc.SignHash,
        this.#key,
        null,
        hash,
        hash.length,
        out,
        out.length,
        written,
        NCRYPT_SILENT_FLAG,
      );
      if (status !== 0) fail('NCryptSignHash', status);
      return new Uint8Array(checkSignHashOutput(out.subarray(0, written[0] ?? 0)));
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#queue;
    this.#nc.FreeObject(this.#key);
    this.#nc.FreeObject(this.#provider);
    this.#key = 0;
    this.#provider = 0;
  }
}

/** Windows guards files with ACLs; the mode bits Node reports are made up. */
const POSIX_MODES = false;

function keyRecordPath(stateDir: string): string {
  return join(deviceKeyDir(stateDir), NCRYPT_KEY_FILE);
}

async function readKeyName(stateDir: string): Promise<string | undefined> {
  const raw = await readPrivateFile(keyRecordPath(stateDir), POSIX_MODES);
  if (raw === undefined) return undefined;
  try {
    const rec = JSON.parse(raw.toString('utf8')) as Partial<NcryptKeyRecord>;
    if (
      rec.version !== 1 ||
      rec.provider !== MS_PLATFORM_CRYPTO_PROVIDER ||
      typeof rec.key_name !== 'string'
    ) {
      throw new Error('unexpected fields');
    }
    return rec.key_name;
  } catch (err) {
    throw new DeviceKeyError(
      'device_key.corrupt',
      `${keyRecordPath(stateDir)} does not name a platform key`,
      {
        cause: err,
      },
    );
  }
}

/**
 * Creates (first enrolment) or reopens the Platform Crypto Provider key and reads its public
 * point. Throws DeviceKeyError (`device_key.tpm_unavailable` when the provider cannot be opened).
 */
export async function openPlatformCryptoKey(options: {
  stateDir: string;
  create: boolean;
}): Promise<DeviceKey> {
  const nc = loadNcrypt();
  const prov: [number | bigint | null] = [null];
  const st = await callAsync(nc.OpenStorageProvider, prov, MS_PLATFORM_CRYPTO_PROVIDER, 0);
  if (st !== 0 || !prov[0]) fail('NCryptOpenStorageProvider', st, 'device_key.tpm_unavailable');
  const provider = prov[0];
  let key: number | bigint | null = null;
  try {
    let name = await readKeyName(options.stateDir);
    const out: [number | bigint | null] = [null];
    if (name !== undefined) {
      const s = await callAsync(nc.OpenKey, provider, out, name, 0, KEY_FLAGS);
      if (s >>> 0 === NTE_BAD_KEYSET) fail('NCryptOpenKey (the enrolled key is gone from the TPM)', s);
      if (s !== 0) fail('NCryptOpenKey', s);
    } else {
      if (!options.create) {
        throw new DeviceKeyError(
          'device_key.tpm_key_unusable',
          'no platform key is recorded in the state directory',
        );
      }
      name = `Custos DLP device key ${randomBytes(8).toString('hex')}`;
      let s = await callAsync(
        nc.CreatePersistedKey,
        provider,
        out,
        BCRYPT_ECDSA_P256_ALGORITHM,
        name,
        0,
        KEY_FLAGS,
      );
      if (s !== 0) fail('NCryptCreatePersistedKey', s);
      // Finalizing generates the key inside the TPM; the provider never allows private export.
      s = await callAsync(nc.FinalizeKey, out[0], NCRYPT_SILENT_FLAG);
      if (s !== 0) {
        nc.FreeObject(out[0]);
        fail('NCryptFinalizeKey', s);
      }
      const record: NcryptKeyRecord = { version: 1, provider: MS_PLATFORM_CRYPTO_PROVIDER, key_name: name };
      await writePrivateFile(
        keyRecordPath(options.stateDir),
        `${JSON.stringify(record, null, 2)}\n`,
        POSIX_MODES,
      );
    }
    key = out[0];
    const blob = Buffer.alloc(P256_PUBLIC_BLOB_BYTES);
    const written: [number | null] = [null];
    const s = await callAsync(
      nc.ExportKey,
      key,
      0,
      BCRYPT_ECCPUBLIC_BLOB,
      null,
      blob,
      blob.length,
      written,
      0,
    );
    if (s !== 0) fail('NCryptExportKey (public blob)', s);
    const point = eccPublicBlobToPoint(blob.subarray(0, written[0] ?? 0));
    return new PlatformCryptoKey(nc, provider, key!, point);
  } catch (err) {
    if (key) nc.FreeObject(key);
    nc.FreeObject(provider);
    throw err;
  }
}

/** `capabilities`: whether the Platform Crypto Provider (and so a usable TPM) opens here. */
export async function probePlatformCryptoProvider(): Promise<void> {
  const nc = loadNcrypt();
  const prov: [number | bigint | null] = [null];
  const st = await callAsync(nc.OpenStorageProvider, prov, MS_PLATFORM_CRYPTO_PROVIDER, 0);
  if (st !== 0 || !prov[0]) fail('NCryptOpenStorageProvider', st, 'device_key.tpm_unavailable');
  nc.FreeObject(prov[0]);
}

/**
 * Deletes the persisted key named in the state directory (uninstall). A key already gone is not
 * an error. NCryptDeleteKey also frees the handle.
 */
export async function deletePlatformCryptoKey(stateDir: string): Promise<void> {
  const name = await readKeyName(stateDir);
  if (name === undefined) return;
  const nc = loadNcrypt();
  const prov: [number | bigint | null] = [null];
  const st = await callAsync(nc.OpenStorageProvider, prov, MS_PLATFORM_CRYPTO_PROVIDER, 0);
  if (st !== 0 || !prov[0]) fail('NCryptOpenStorageProvider', st, 'device_key.tpm_unavailable');
  try {
    const out: [number | bigint | null] = [null];
    const s = await callAsync(nc.OpenKey, prov[0], out, name, 0, KEY_FLAGS);
    if (s >>> 0 === NTE_BAD_KEYSET) return;
    if (s !== 0) fail('NCryptOpenKey', s);
    const d = await callAsync(nc.DeleteKey, out[0], NCRYPT_SILENT_FLAG);
    if (d !== 0) fail('NCryptDeleteKey', d);
  } finally {
    nc.FreeObject(prov[0]);
  }
}
