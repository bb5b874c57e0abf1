import { EXIT, str, UsageError } from '../args.js';
import { type Command, commandConfig, openEnrolled } from '../command.js';

/** `dlp-agent requests --withdraw REFERENCE`: withdraws an exception request this device made. */
export const requestsCommand: Command = {
  valued: ['withdraw', 'state-dir'],
  booleans: ['json'],
  async run(ctx) {
    const ref = str(ctx.args, 'withdraw');
    if (!ref) throw new UsageError('--withdraw REFERENCE is required');
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(ref)) throw new UsageError('REFERENCE must be letters, digits, - or _');
    const svc = await openEnrolled(ctx.platform, await commandConfig(ctx));
    if (!svc) return EXIT.notEnrolled;
    try {
      ctx.out(JSON.stringify(await svc.withdrawRequest(ref)));
      return EXIT.ok;
    } finally {
      await svc.close();
    }
  },
};
