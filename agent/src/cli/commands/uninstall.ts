import { type Command, commandConfig, openEnrolled } from '../command.js';
import { uninstall } from '../uninstall.js';

/** `dlp-agent uninstall [--force]`: see ../uninstall.ts. */
export const uninstallCommand: Command = {
  valued: ['state-dir'],
  booleans: ['force', 'json'],
  async run(ctx) {
    const config = await commandConfig(ctx);
    return uninstall(ctx.platform, config, {
      force: ctx.args.flags.has('force'),
      open: () => openEnrolled(ctx.platform, config),
      out: ctx.out,
      err: ctx.err,
    });
  },
};
