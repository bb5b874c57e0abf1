import { readFile } from 'node:fs/promises';
import { readEnrollment } from '../../enrollment-state.js';
import { verifyPackage } from '../../update/verify-package.js';
import { EXIT, str, UsageError } from '../args.js';
import { type Command, commandConfig } from '../command.js';

/** The check lives with self-update, which runs exactly the same one (docs/agent-updates.md). */
export { verifyPackage };

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
