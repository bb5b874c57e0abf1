import { createPublicKey, verify as edVerify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readEnrollment } from '../../enrollment-state.js';
import { EXIT, str, UsageError } from '../args.js';
import { type Command, commandConfig } from '../command.js';

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

/** `dlp-agent verify-package FILE --signature B64`: checked against the enrolled policy keys. */
export const verifyPackageCommand: Command = {
  valued: ['signature', 'state-dir'],
  booleans: ['json'],
  async run(ctx) {
    const file = ctx.args.positional[0];
    const sig = str(ctx.args, 'signature');
    if (!file || !sig) throw new UsageError('FILE and --signature are required');
    const config = await commandConfig(ctx);
    const enrollment = await readEnrollment(config.stateDir);
    if (!enrollment) {
      ctx.err('dlp-agent verify-package: not enrolled: no keys to verify against');
      return EXIT.notEnrolled;
    }
    const bytes = await readFile(file);
    const signature = Buffer.from(sig, 'base64');
    const match = verifyPackage(bytes, signature, enrollment.policy_signing_keys);
    ctx.out(match ? `valid: signed by key ${match}` : 'INVALID: no enrolled key verifies this signature');
    return match ? EXIT.ok : EXIT.failed;
  },
};
