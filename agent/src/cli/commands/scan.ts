import { EXIT, UsageError } from '../args.js';
import { type Command, commandConfig, openEnrolled } from '../command.js';
import { scanPath } from '../scan.js';

/** `dlp-agent scan PATH`: decides files with the bundle in force, queues nothing. */
export const scanCommand: Command = {
  valued: ['state-dir'],
  booleans: ['json'],
  async run(ctx) {
    const target = ctx.args.positional[0];
    if (!target) throw new UsageError('PATH is required');
    const svc = await openEnrolled(ctx.platform, await commandConfig(ctx));
    if (!svc) {
      ctx.err('dlp-agent scan: not enrolled: no bundle to decide with');
      return EXIT.notEnrolled;
    }
    try {
      return await scanPath(svc, target, ctx.args.flags.has('json'), ctx.out);
    } finally {
      await svc.close();
    }
  },
};
