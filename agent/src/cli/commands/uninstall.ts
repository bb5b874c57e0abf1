import { EXIT } from '../args.js';
import { type Command, commandConfig, openEnrolled } from '../command.js';
import { uninstall } from '../uninstall.js';

/** Application log event when `msiexec /x` stops because the server could not be told (ours). */
export const EVENT_UNINSTALL_REFUSED = 3005;

/** `dlp-agent uninstall [--force]`: see ../uninstall.ts. */
export const uninstallCommand: Command = {
  valued: ['state-dir'],
  // --from-installer: run by the MSI's deferred custom action on `msiexec /x` (wix/agent.wxs).
  booleans: ['force', 'json', 'from-installer'],
  async run(ctx) {
    const config = await commandConfig(ctx);
    const errors: string[] = [];
    const code = await uninstall(ctx.platform, config, {
      force: ctx.args.flags.has('force'),
      open: () => openEnrolled(ctx.platform, config),
      out: ctx.out,
      err: (text) => {
        errors.push(text);
        ctx.err(text);
      },
    });
    if (code !== EXIT.ok && ctx.args.flags.has('from-installer'))
      ctx.platform.service.reportEvent(
        EVENT_UNINSTALL_REFUSED,
        'error',
        `removal stopped, nothing removed: ${errors.join('; ') || `exit code ${code}`}. To remove the agent without telling the server, run msiexec /x again with FORCEUNINSTALL=1.`,
      );
    return code;
  },
};
