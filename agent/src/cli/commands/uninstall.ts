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
        // The remedy first: a log viewer (or Wine's trace) may cut a long text.
        `removal stopped, nothing removed. To remove the agent without telling the server, run msiexec /x again with FORCEUNINSTALL=1. Reason: ${(errors[0] ?? `exit code ${code}`).split('\n')[0]!.slice(0, 300)}`,
      );
    return code;
  },
};
