import { access, constants } from 'node:fs/promises';
import { DeviceKeyError } from '../../../identity/device-key-error.js';
import {
  digest,
  ecdsaSha256Scheme,
  emptyData,
  emptyPcrSelection,
  emptySensitiveCreate,
  nullHashcheckTicket,
  signingKeyTemplate,
  storagePrimaryTemplate,
} from './tpm-wire.js';
import {
  loadTss,
  type MarshalType,
  type Pointer,
  TSS_STRUCT_BUFFER,
  type TssLibrary,
  type UnmarshalType,
} from './tss-library.js';

/** ESYS_TR constants (tss2_esys.h). */
const ESYS_TR_NONE = 0xfff;
const ESYS_TR_PASSWORD = 0x0ff;
const ESYS_TR_RH_OWNER = 0x101;
const TPM2_SU_CLEAR = 0x0000;
const TPM2_RC_INITIALIZE = 0x100;

/** TSS2_RC layers and base codes (tss2_common.h) that mean "the TPM could not be reached". */
const LAYER_TCTI = 10;
const BASE_NO_CONNECTION = 8;
const BASE_IO_ERROR = 10;
/** TPM answers meaning "it lost our objects": it restarted, or a resource manager was reset. */
const TPM2_RC_REFERENCE_H0 = 0x910;

/** A failed tpm2-tss call, with the response code (safe to log: it names no key material). */
export class TpmCallError extends DeviceKeyError {
  readonly rc: number;
  /**
   * True when reconnecting and reloading the same key may cure it: the transport failed, or the
   * TPM restarted (not started yet, or our loaded key handle is gone).
   */
  readonly transient: boolean;
  constructor(what: string, rc: number, decoded: string) {
    const layer = (rc >>> 16) & 0xff;
    const base = rc & 0xffff;
    const transport =
      layer === LAYER_TCTI || (layer !== 0 && (base === BASE_NO_CONNECTION || base === BASE_IO_ERROR));
    super(
      transport ? 'device_key.tpm_unavailable' : 'device_key.tpm_key_unusable',
      `${what} failed: ${decoded}`,
    );
    this.rc = rc;
    this.transient = transport || rc === TPM2_RC_INITIALIZE || rc === TPM2_RC_REFERENCE_H0;
  }
}

type Fn = TssLibrary['esys']['Sign'];

/**
 * One ESYS context on one TCTI. Calls run on koffi's worker threads (a TPM command takes tens of
 * milliseconds on real hardware and must not stall the agent's event loop) and are queued one at a
 * time, because an ESYS context is not thread-safe.
 */
export class EsysContext {
  readonly #tss: TssLibrary;
  #ctx: Pointer | null;
  #tcti: Pointer | null;
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(tss: TssLibrary, ctx: Pointer, tcti: Pointer) {
    this.#tss = tss;
    this.#ctx = ctx;
    this.#tcti = tcti;
  }

  /** Connects to the TPM named by a TCTI string (`device:/dev/tpmrm0`, `swtpm:host=…,port=…`). */
  static async open(tcti: string): Promise<EsysContext> {
    await checkDeviceAccess(tcti);
    const tss = loadTss();
    const tctiOut: [Pointer | null] = [null];
    const rcT = tss.tctiInitialize(tcti, tctiOut);
    if (rcT !== 0 || !tctiOut[0]) {
      throw new DeviceKeyError(
        'device_key.tpm_unavailable',
        `no TPM answered at ${tcti}: ${tss.decodeRc(rcT)}`,
      );
    }
    const ctxOut: [Pointer | null] = [null];
    const rcE = (await callAsync(tss.esys.Initialize, ctxOut, tctiOut[0], null)) as number;
    if (rcE !== 0 || !ctxOut[0]) {
      tss.tctiFinalize(tctiOut);
      throw new DeviceKeyError(
        'device_key.tpm_unavailable',
        `ESYS init on ${tcti} failed: ${tss.decodeRc(rcE)}`,
      );
    }
    const context = new EsysContext(tss, ctxOut[0], tctiOut[0]);
    // A TPM the firmware or kernel already started answers TPM2_RC_INITIALIZE: that is fine.
    const rcS = (await context.#call(tss.esys.Startup, TPM2_SU_CLEAR)) as number;
    if (rcS !== 0 && rcS !== TPM2_RC_INITIALIZE) {
      context.close();
      throw new DeviceKeyError(
        'device_key.tpm_unavailable',
        `TPM startup on ${tcti} failed: ${tss.decodeRc(rcS)}`,
      );
    }
    return context;
  }

  #call(fn: Fn, ...args: unknown[]): Promise<unknown> {
    const run = this.#queue.then(() => {
      if (this.#ctx === null) throw new DeviceKeyError('device_key.tpm_unavailable', 'TPM context is closed');
      return callAsync(fn, this.#ctx, ...args);
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #check(what: string, rc: unknown): void {
    if (rc !== 0) throw new TpmCallError(what, Number(rc), this.#tss.decodeRc(Number(rc)));
  }

  /** Wire bytes → a zeroed C struct buffer, via Tss2_MU_<T>_Unmarshal. */
  #struct(type: UnmarshalType, wire: Uint8Array): Buffer {
    const dest = Buffer.alloc(TSS_STRUCT_BUFFER);
    const off: [number] = [0];
    const src = Buffer.from(wire);
    this.#check(`unmarshal ${type}`, this.#tss.unmarshal[type](src, src.length, off, dest));
    if (off[0] !== src.length) throw new RangeError(`${type}: ${src.length - off[0]} bytes not consumed`);
    return dest;
  }

  /** An ESYS-allocated output struct → wire bytes; the native copy is freed here. */
  #take(type: MarshalType, ptr: Pointer | null): Uint8Array {
    if (!ptr) throw new DeviceKeyError('device_key.tpm_key_unusable', `TPM returned no ${type}`);
    try {
      const buf = Buffer.alloc(TSS_STRUCT_BUFFER);
      const off: [number] = [0];
      this.#check(`marshal ${type}`, this.#tss.marshal[type](ptr, buf, buf.length, off));
      return new Uint8Array(buf.subarray(0, off[0]));
    } finally {
      this.#tss.esys.Free(ptr);
    }
  }

  /** The owner-hierarchy storage parent (re-derived from the owner seed on every start). */
  async createStoragePrimary(): Promise<number> {
    const handle: [number | null] = [null];
    const rc = await this.#call(
      this.#tss.esys.CreatePrimary,
      ESYS_TR_RH_OWNER,
      ESYS_TR_PASSWORD,
      ESYS_TR_NONE,
      ESYS_TR_NONE,
      this.#struct('TPM2B_SENSITIVE_CREATE', emptySensitiveCreate()),
      this.#struct('TPM2B_PUBLIC', storagePrimaryTemplate()),
      this.#struct('TPM2B_DATA', emptyData()),
      this.#struct('TPML_PCR_SELECTION', emptyPcrSelection()),
      handle,
      null, // outPublic, creationData, creationHash, creationTicket: optional, not needed
      null,
      null,
      null,
    );
    this.#check('create storage primary (owner hierarchy)', rc);
    return handle[0]!;
  }

  /** Generates the P-256 signing key inside the TPM; returns its public and wrapped private blobs. */
  async createSigningKey(parent: number): Promise<{ publicBlob: Uint8Array; privateBlob: Uint8Array }> {
    const outPrivate: [Pointer | null] = [null];
    const outPublic: [Pointer | null] = [null];
    const rc = await this.#call(
      this.#tss.esys.Create,
      parent,
      ESYS_TR_PASSWORD,
      ESYS_TR_NONE,
      ESYS_TR_NONE,
      this.#struct('TPM2B_SENSITIVE_CREATE', emptySensitiveCreate()),
      this.#struct('TPM2B_PUBLIC', signingKeyTemplate()),
      this.#struct('TPM2B_DATA', emptyData()),
      this.#struct('TPML_PCR_SELECTION', emptyPcrSelection()),
      outPrivate,
      outPublic,
      null,
      null,
      null,
    );
    this.#check('create signing key', rc);
    return {
      privateBlob: this.#take('TPM2B_PRIVATE', outPrivate[0]),
      publicBlob: this.#take('TPM2B_PUBLIC', outPublic[0]),
    };
  }

  /** Loads a key from its blobs; the TPM checks the private blob's integrity against the public. */
  async load(parent: number, publicBlob: Uint8Array, privateBlob: Uint8Array): Promise<number> {
    const handle: [number | null] = [null];
    const rc = await this.#call(
      this.#tss.esys.Load,
      parent,
      ESYS_TR_PASSWORD,
      ESYS_TR_NONE,
      ESYS_TR_NONE,
      this.#struct('TPM2B_PRIVATE', privateBlob),
      this.#struct('TPM2B_PUBLIC', publicBlob),
      handle,
    );
    this.#check('load signing key', rc);
    return handle[0]!;
  }

  /** Signs a SHA-256 digest with ECDSA; returns the marshalled TPMT_SIGNATURE. */
  async sign(key: number, sha256: Uint8Array): Promise<Uint8Array> {
    const out: [Pointer | null] = [null];
    const rc = await this.#call(
      this.#tss.esys.Sign,
      key,
      ESYS_TR_PASSWORD,
      ESYS_TR_NONE,
      ESYS_TR_NONE,
      this.#struct('TPM2B_DIGEST', digest(sha256)),
      this.#struct('TPMT_SIG_SCHEME', ecdsaSha256Scheme()),
      this.#struct('TPMT_TK_HASHCHECK', nullHashcheckTicket()),
      out,
    );
    this.#check('sign', rc);
    return this.#take('TPMT_SIGNATURE', out[0]);
  }

  /** Unloads a transient object (without a resource manager it would hold a TPM slot). */
  async flush(handle: number): Promise<void> {
    this.#check('flush', await this.#call(this.#tss.esys.FlushContext, handle));
  }

  /** Releases the ESYS context and the TCTI. Idempotent. */
  close(): void {
    if (this.#ctx !== null) {
      this.#tss.esys.Finalize([this.#ctx]);
      this.#ctx = null;
    }
    if (this.#tcti !== null) {
      this.#tss.tctiFinalize([this.#tcti]);
      this.#tcti = null;
    }
  }

  /** Waits for queued calls, then closes (a worker thread may still be inside ESYS). */
  async closeWhenIdle(): Promise<void> {
    await this.#queue;
    this.close();
  }
}

/**
 * For a `device:` TCTI, says plainly what the device TCTI would only report as an I/O failure:
 * no TPM device here, or no permission to use it (the usual case for an unprivileged agent).
 */
async function checkDeviceAccess(tcti: string): Promise<void> {
  const match = /^device(?::(.*))?$/.exec(tcti);
  if (!match) return;
  const path = match[1] || '/dev/tpmrm0';
  try {
    await access(path, constants.R_OK | constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new DeviceKeyError(
      'device_key.tpm_unavailable',
      code === 'ENOENT'
        ? `no TPM device at ${path}`
        : `no permission to use ${path} (${code}): run the agent as root or in group tss`,
    );
  }
}

function callAsync(fn: Fn, ...args: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    fn.async(...args, (err: unknown, result: unknown) => (err ? reject(err) : resolve(result)));
  });
}
