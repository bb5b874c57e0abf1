import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM sealing of secrets at rest (DESIGN.md, Secrets: keys sealed under the master key;
 * document 3: second-factor secrets under DLP_FACTOR_KEY). 96-bit random nonce, 128-bit tag.
 *
 * Sealed form: `v1.` + base64url(nonce ‖ ciphertext ‖ tag). The `context` string is bound as
 * associated data, so a value sealed for one row or purpose (e.g. `tenant:<id>:signing-key`)
 * does not open under another.
 */

const VERSION = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class UnsealError extends Error {
  constructor() {
    // One message for every failure: which check failed tells an attacker nothing useful.
    super('sealed value cannot be opened (wrong key, context or damaged data)');
    this.name = 'UnsealError';
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new TypeError('AES-256-GCM needs a 32-byte key');
}

/** The primitive, exposed for the vector tests: returns ciphertext ‖ tag. */
export function aesGcmEncrypt(key: Buffer, nonce: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const cipher = createCipheriv(`aes-${key.length * 8}-gcm` as 'aes-256-gcm', key, nonce, {
    authTagLength: TAG_BYTES,
  });
  cipher.setAAD(aad);
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/** Throws UnsealError when the tag does not verify. */
export function aesGcmDecrypt(key: Buffer, nonce: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  if (sealed.length < TAG_BYTES) throw new UnsealError();
  try {
    const decipher = createDecipheriv(`aes-${key.length * 8}-gcm` as 'aes-256-gcm', key, nonce, {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new UnsealError();
  }
}

export function seal(key: Buffer, plaintext: Buffer | string, context: string): string {
  checkKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const body = aesGcmEncrypt(key, nonce, Buffer.from(plaintext), Buffer.from(context, 'utf8'));
  return VERSION + Buffer.concat([nonce, body]).toString('base64url');
}

export function unseal(key: Buffer, sealed: string, context: string): Buffer {
  checkKey(key);
  if (!sealed.startsWith(VERSION)) throw new UnsealError();
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new UnsealError();
  return aesGcmDecrypt(
    key,
    raw.subarray(0, NONCE_BYTES),
    raw.subarray(NONCE_BYTES),
    Buffer.from(context, 'utf8'),
  );
}
