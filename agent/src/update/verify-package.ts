import { createPublicKey, verify as edVerify } from 'node:crypto';

/** Ed25519 over the exact file bytes, against each enrolled policy signing key. */
export function verifyPackage(
  bytes: Uint8Array,
  signature: Uint8Array,
  keys: { key_id: string; public_key_b64: string; algorithm: string }[],
): string | null {
  for (const k of keys) {
    if (k.algorithm !== 'ed25519') continue;
    const raw = Buffer.from(k.public_key_b64, 'base64');
    if (raw.length !== 32) continue;
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
    const pub = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    if (signature.length === 64 && edVerify(null, bytes, pub, signature)) return k.key_id;
  }
  return null;
}
