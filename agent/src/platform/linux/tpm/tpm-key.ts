import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { DeviceKey } from '../../../identity/device-key.js';
import { DeviceKeyError } from '../../../identity/device-key-error.js';
import { deviceKeyDir, readPrivateFile, writePrivateFile } from '../../../identity/private-files.js';
import { EsysContext, TpmCallError } from './esys-context.js';
import { parseEccPublic, parseEcdsaSignature, TPMA_OBJECT } from './tpm-wire.js';

/**
 * What is kept to reload the key after a restart: its public area and its private area wrapped
 * by the owner-hierarchy storage key. The wrapped blob is useless off this TPM (and after a TPM
 * clear), so the key stays non-exportable; the file is still owner-only so no other local user
 * can load and use it.
 */
/** tpm2-tss keys are the Linux backend's: its files are guarded by POSIX modes. */
const POSIX_MODES = true;

export const TPM_KEY_FILE = 'tpm-p256.json';

interface TpmKeyBlobs {
  version: 1;
  parent: 'owner-ecc-p256-storage';
  public_b64: string;
  private_b64: string;
}

export function tpmKeyPath(stateDir: string): string {
  return join(deviceKeyDir(stateDir), TPM_KEY_FILE);
}

/** Attributes a key must carry to be reported as `tpm_backed`: generated in and bound to the TPM. */
const REQUIRED_ATTRIBUTES =
  TPMA_OBJECT.fixedTPM | TPMA_OBJECT.fixedParent | TPMA_OBJECT.sensitiveDataOrigin | TPMA_OBJECT.sign;

async function readBlobs(stateDir: string): Promise<{ pub: Uint8Array; priv: Uint8Array } | undefined> {
  const path = tpmKeyPath(stateDir);
  const raw = await readPrivateFile(path, POSIX_MODES);
  if (raw === undefined) return undefined;
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as Partial<TpmKeyBlobs>;
    if (
      parsed.version !== 1 ||
      parsed.parent !== 'owner-ecc-p256-storage' ||
      typeof parsed.public_b64 !== 'string' ||
      typeof parsed.private_b64 !== 'string'
    ) {
      throw new Error('unexpected fields');
    }
    return { pub: Buffer.from(parsed.public_b64, 'base64'), priv: Buffer.from(parsed.private_b64, 'base64') };
  } catch (err) {
    throw new DeviceKeyError('device_key.corrupt', `${path} does not describe a TPM key`, { cause: err });
  }
}

async function writeBlobs(stateDir: string, pub: Uint8Array, priv: Uint8Array): Promise<void> {
  const blobs: TpmKeyBlobs = {
    version: 1,
    parent: 'owner-ecc-p256-storage',
    public_b64: Buffer.from(pub).toString('base64'),
    private_b64: Buffer.from(priv).toString('base64'),
  };
  await writePrivateFile(tpmKeyPath(stateDir), `${JSON.stringify(blobs, null, 2)}\n`, POSIX_MODES);
}

/** Re-derives the storage parent, loads the key under it and unloads the parent again. */
async function loadUnderPrimary(ctx: EsysContext, pub: Uint8Array, priv: Uint8Array): Promise<number> {
  const primary = await ctx.createStoragePrimary();
  try {
    return await ctx.load(primary, pub, priv);
  } finally {
    await ctx.flush(primary).catch(() => undefined);
  }
}

class TpmP256Key implements DeviceKey {
  readonly algorithm = 'ecdsa_p256_sha256' as const;
  readonly protection = 'tpm_backed' as const;
  readonly #tcti: string;
  readonly #pub: Uint8Array;
  readonly #priv: Uint8Array;
  readonly #point: Uint8Array;
  #ctx: EsysContext | null;
  #handle: number;
  #closed = false;
  /** Bumped on every reconnection, so a failure on an old connection never reconnects twice. */
  #generation = 0;
  #reconnecting: Promise<void> | null = null;

  constructor(
    tcti: string,
    ctx: EsysContext,
    handle: number,
    pub: Uint8Array,
    priv: Uint8Array,
    point: Uint8Array,
  ) {
    this.#tcti = tcti;
    this.#ctx = ctx;
    this.#handle = handle;
    this.#pub = pub;
    this.#priv = priv;
    this.#point = point;
  }

  publicKey(): Uint8Array {
    return this.#point.slice();
  }

  async sign(message: Uint8Array): Promise<Uint8Array> {
    if (this.#closed) throw new Error('device key is closed');
    const sha256 = createHash('sha256').update(message).digest();
    const generation = this.#generation;
    try {
      return await this.#signDigest(sha256);
    } catch (err) {
      // The TPM restarted, the connection dropped or a resource manager was reset (our key handle
      // is gone): reconnect once and reload the same key from its blobs. Never a different key.
      const curable =
        (err instanceof TpmCallError && err.transient) ||
        (err instanceof DeviceKeyError && err.code === 'device_key.tpm_unavailable');
      if (!curable || this.#closed) throw err;
      await this.#reconnect(generation);
      return this.#signDigest(sha256);
    }
  }

  async #signDigest(sha256: Uint8Array): Promise<Uint8Array> {
    if (!this.#ctx)
      throw new DeviceKeyError('device_key.tpm_unavailable', `no TPM connection at ${this.#tcti}`);
    return parseEcdsaSignature(await this.#ctx.sign(this.#handle, sha256));
  }

  /** Concurrent signers that failed on the same connection share one reconnection. */
  #reconnect(failedGeneration: number): Promise<void> {
    if (this.#generation !== failedGeneration && this.#ctx) return Promise.resolve();
    this.#reconnecting ??= this.#openAgain().finally(() => {
      this.#reconnecting = null;
    });
    return this.#reconnecting;
  }

  async #openAgain(): Promise<void> {
    const old = this.#ctx;
    this.#ctx = null;
    await old?.closeWhenIdle();
    const ctx = await EsysContext.open(this.#tcti);
    let handle: number;
    try {
      handle = await loadUnderPrimary(ctx, this.#pub, this.#priv);
    } catch (err) {
      await ctx.closeWhenIdle();
      throw err;
    }
    if (this.#closed) {
      await ctx.flush(handle).catch(() => undefined);
      await ctx.closeWhenIdle();
      return;
    }
    this.#ctx = ctx;
    this.#handle = handle;
    this.#generation++;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const ctx = this.#ctx;
    this.#ctx = null;
    if (!ctx) return;
    await ctx.flush(this.#handle).catch(() => undefined);
    await ctx.closeWhenIdle();
  }
}

export interface OpenTpmKeyOptions {
  stateDir: string;
  tcti: string;
  /** false: reload only; a missing key is an error rather than a reason to create one. */
  create: boolean;
}

/**
 * Creates (first enrolment) or reloads (every later start) the TPM-held ECDSA P-256 device key
 * under the owner hierarchy. Throws DeviceKeyError: `device_key.tpm_unavailable` when no TPM
 * answers, `device_key.tpm_key_unusable` when the TPM refuses the stored key (e.g. it was cleared).
 */
export async function openTpmKey(options: OpenTpmKeyOptions): Promise<DeviceKey> {
  const { stateDir, tcti } = options;
  let blobs = await readBlobs(stateDir);
  if (!blobs && !options.create) {
    throw new DeviceKeyError(
      'device_key.tpm_key_unusable',
      `no TPM key is stored in ${tpmKeyPath(stateDir)}`,
    );
  }
  const ctx = await EsysContext.open(tcti);
  try {
    if (!blobs) {
      const primary = await ctx.createStoragePrimary();
      try {
        const created = await ctx.createSigningKey(primary);
        blobs = { pub: created.publicBlob, priv: created.privateBlob };
      } finally {
        await ctx.flush(primary).catch(() => undefined);
      }
      await writeBlobs(stateDir, blobs.pub, blobs.priv);
    }
    let parsed: ReturnType<typeof parseEccPublic>;
    try {
      parsed = parseEccPublic(blobs.pub);
    } catch (err) {
      throw new DeviceKeyError('device_key.corrupt', `stored TPM public area is not a P-256 key`, {
        cause: err,
      });
    }
    if ((parsed.objectAttributes & REQUIRED_ATTRIBUTES) !== REQUIRED_ATTRIBUTES) {
      throw new DeviceKeyError(
        'device_key.corrupt',
        'stored TPM key is not a non-exportable TPM-generated signing key',
      );
    }
    const handle = await loadUnderPrimary(ctx, blobs.pub, blobs.priv);
    return new TpmP256Key(tcti, ctx, handle, blobs.pub, blobs.priv, parsed.point);
  } catch (err) {
    await ctx.closeWhenIdle();
    throw err;
  }
}
