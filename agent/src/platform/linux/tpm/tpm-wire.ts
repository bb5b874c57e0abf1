import { joinRs } from '../../../identity/ecdsa-signature.js';

/**
 * TPM 2.0 wire-format builders and parsers (TPM 2.0 Library, Part 2: Structures). Pure: the
 * binding hands these bytes to libtss2-mu, so everything here is testable without a TPM.
 */

export const TPM2_ALG = {
  AES: 0x0006,
  SHA256: 0x000b,
  NULL: 0x0010,
  ECDSA: 0x0018,
  ECC: 0x0023,
  CFB: 0x0043,
} as const;
export const TPM2_ECC_NIST_P256 = 0x0003;
const TPM2_ST_HASHCHECK = 0x8024;
const TPM2_RH_NULL = 0x40000007;

/** TPMA_OBJECT bits (Part 2, 8.3). */
export const TPMA_OBJECT = {
  fixedTPM: 0x00000002,
  fixedParent: 0x00000010,
  sensitiveDataOrigin: 0x00000020,
  userWithAuth: 0x00000040,
  noDA: 0x00000400,
  restricted: 0x00010000,
  decrypt: 0x00020000,
  sign: 0x00040000,
} as const;

class Writer {
  readonly #bytes: number[] = [];
  u16(v: number): this {
    this.#bytes.push((v >>> 8) & 0xff, v & 0xff);
    return this;
  }
  u32(v: number): this {
    this.#bytes.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
    return this;
  }
  bytes(b: Uint8Array): this {
    this.#bytes.push(...b);
    return this;
  }
  tpm2b(b: Uint8Array): this {
    return this.u16(b.length).bytes(b);
  }
  done(): Uint8Array {
    return Uint8Array.from(this.#bytes);
  }
}

class Reader {
  #at = 0;
  readonly #buf: Uint8Array;
  readonly #view: DataView;
  readonly #what: string;
  constructor(buf: Uint8Array, what: string) {
    this.#buf = buf;
    this.#view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    this.#what = what;
  }
  #need(n: number): void {
    if (this.#at + n > this.#buf.length) throw new RangeError(`${this.#what}: truncated`);
  }
  u16(): number {
    this.#need(2);
    const v = this.#view.getUint16(this.#at);
    this.#at += 2;
    return v;
  }
  u32(): number {
    this.#need(4);
    const v = this.#view.getUint32(this.#at);
    this.#at += 4;
    return v;
  }
  tpm2b(): Uint8Array {
    const n = this.u16();
    this.#need(n);
    const out = this.#buf.slice(this.#at, this.#at + n);
    this.#at += n;
    return out;
  }
  get remaining(): number {
    return this.#buf.length - this.#at;
  }
}

function sized(inner: Uint8Array): Uint8Array {
  return new Writer().tpm2b(inner).done();
}

/**
 * TPM2B_PUBLIC of the owner-hierarchy storage parent: an ECC P-256 restricted decryption key
 * with AES-128-CFB, the shape the TCG provisioning guidance gives the SRK. Deterministic from the
 * owner seed, so it is re-created on every start and nothing about it is stored.
 */
export function storagePrimaryTemplate(): Uint8Array {
  const attributes =
    TPMA_OBJECT.fixedTPM |
    TPMA_OBJECT.fixedParent |
    TPMA_OBJECT.sensitiveDataOrigin |
    TPMA_OBJECT.userWithAuth |
    TPMA_OBJECT.noDA |
    TPMA_OBJECT.restricted |
    TPMA_OBJECT.decrypt;
  return sized(
    new Writer()
      .u16(TPM2_ALG.ECC)
      .u16(TPM2_ALG.SHA256)
      .u32(attributes >>> 0)
      .u16(0) // authPolicy: empty
      .u16(TPM2_ALG.AES)
      .u16(128)
      .u16(TPM2_ALG.CFB)
      .u16(TPM2_ALG.NULL) // scheme
      .u16(TPM2_ECC_NIST_P256)
      .u16(TPM2_ALG.NULL) // kdf
      .u16(0) // unique.x
      .u16(0) // unique.y
      .done(),
  );
}

/**
 * TPM2B_PUBLIC of the device signing key: ECDSA P-256 with SHA-256, generated inside the TPM
 * (sensitiveDataOrigin) and bound to it and its parent (fixedTPM | fixedParent), so it can never
 * be duplicated or exported: the private key never leaves the endpoint (document 2). Its auth
 * value is empty, so dictionary-attack protection guards nothing; `noDA` keeps it usable when
 * the TPM is in DA lockout, which every unorderly shutdown (power loss) moves it towards.
 */
export function signingKeyTemplate(): Uint8Array {
  const attributes =
    TPMA_OBJECT.fixedTPM |
    TPMA_OBJECT.fixedParent |
    TPMA_OBJECT.sensitiveDataOrigin |
    TPMA_OBJECT.userWithAuth |
    TPMA_OBJECT.noDA |
    TPMA_OBJECT.sign;
  return sized(
    new Writer()
      .u16(TPM2_ALG.ECC)
      .u16(TPM2_ALG.SHA256)
      .u32(attributes >>> 0)
      .u16(0)
      .u16(TPM2_ALG.NULL) // symmetric: none for a signing key
      .u16(TPM2_ALG.ECDSA)
      .u16(TPM2_ALG.SHA256)
      .u16(TPM2_ECC_NIST_P256)
      .u16(TPM2_ALG.NULL)
      .u16(0)
      .u16(0)
      .done(),
  );
}

/** TPM2B_SENSITIVE_CREATE with an empty auth value and no data. */
export function emptySensitiveCreate(): Uint8Array {
  return new Writer().u16(4).u16(0).u16(0).done();
}
export function emptyData(): Uint8Array {
  return new Writer().u16(0).done();
}
export function emptyPcrSelection(): Uint8Array {
  return new Writer().u32(0).done();
}
export function digest(sha256: Uint8Array): Uint8Array {
  if (sha256.length !== 32) throw new RangeError('digest must be 32 bytes');
  return new Writer().tpm2b(sha256).done();
}
export function ecdsaSha256Scheme(): Uint8Array {
  return new Writer().u16(TPM2_ALG.ECDSA).u16(TPM2_ALG.SHA256).done();
}
/** A NULL hash-check ticket: allowed because the signing key is not restricted. */
export function nullHashcheckTicket(): Uint8Array {
  return new Writer().u16(TPM2_ST_HASHCHECK).u32(TPM2_RH_NULL).u16(0).done();
}

export interface EccPublic {
  objectAttributes: number;
  /** 65-byte uncompressed point 0x04 || X || Y. */
  point: Uint8Array;
}

/** Parses a marshalled TPM2B_PUBLIC of an ECC P-256 key (Part 2, 12.2.4 and 12.2.3.6). */
export function parseEccPublic(tpm2bPublic: Uint8Array): EccPublic {
  const outer = new Reader(tpm2bPublic, 'TPM2B_PUBLIC');
  const body = outer.tpm2b();
  if (outer.remaining !== 0) throw new RangeError('TPM2B_PUBLIC: trailing bytes');
  const r = new Reader(body, 'TPMT_PUBLIC');
  if (r.u16() !== TPM2_ALG.ECC) throw new RangeError('TPMT_PUBLIC: not an ECC key');
  r.u16(); // nameAlg
  const objectAttributes = r.u32();
  r.tpm2b(); // authPolicy
  if (r.u16() !== TPM2_ALG.NULL) {
    r.u16(); // keyBits
    r.u16(); // mode
  }
  if (r.u16() !== TPM2_ALG.NULL) r.u16(); // scheme hashAlg
  if (r.u16() !== TPM2_ECC_NIST_P256) throw new RangeError('TPMT_PUBLIC: curve is not NIST P-256');
  if (r.u16() !== TPM2_ALG.NULL) r.u16(); // kdf hashAlg
  const x = r.tpm2b();
  const y = r.tpm2b();
  if (r.remaining !== 0) throw new RangeError('TPMT_PUBLIC: trailing bytes');
  const xy = joinRs(x, y);
  const point = new Uint8Array(65);
  point[0] = 0x04;
  point.set(xy, 1);
  return { objectAttributes, point };
}

/**
 * TPMT_SIGNATURE (ECDSA) to the fixed-width 64-byte `r || s` of document 2 ("Key shapes"). The TPM
 * returns r and s as size-prefixed buffers without leading zeros, so each is left-padded.
 */
export function parseEcdsaSignature(tpmtSignature: Uint8Array): Uint8Array {
  const r = new Reader(tpmtSignature, 'TPMT_SIGNATURE');
  if (r.u16() !== TPM2_ALG.ECDSA) throw new RangeError('TPMT_SIGNATURE: not ECDSA');
  if (r.u16() !== TPM2_ALG.SHA256) throw new RangeError('TPMT_SIGNATURE: hash is not SHA-256');
  const sigR = r.tpm2b();
  const sigS = r.tpm2b();
  if (r.remaining !== 0) throw new RangeError('TPMT_SIGNATURE: trailing bytes');
  return joinRs(sigR, sigS);
}
