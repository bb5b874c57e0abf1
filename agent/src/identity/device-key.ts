/** Wire names of document 2, "Enrolment request". */
export type DeviceSignatureAlgorithm = 'ed25519' | 'ecdsa_p256_sha256';
export type DeviceKeyProtection = 'software' | 'tpm_backed';

/**
 * A device identity key. Software keys live in the state directory; hardware keys never leave the TPM.
 * Every backend (software Ed25519, Linux TPM via tpm2-tss, Windows Platform Crypto Provider) implements this.
 */
export interface DeviceKey {
  readonly algorithm: DeviceSignatureAlgorithm;
  readonly protection: DeviceKeyProtection;
  /** Ed25519: 32 raw bytes. P-256: 65-byte uncompressed point (0x04 || X || Y). */
  publicKey(): Uint8Array;
  /** Signs the message (P-256: SHA-256 of it is signed). Always 64 bytes (Ed25519, or P-256 r || s). */
  sign(message: Uint8Array): Promise<Uint8Array>;
  close(): Promise<void>;
}
