import { ConfigError } from '../../config.js';
import { enroll, enrollFailureReason } from '../../enroll.js';
import { createLogger } from '../../log.js';
import { HttpError, UnreachableError } from '../../transport/errors.js';
import { EXIT, str, UsageError } from '../args.js';
import { type Command, commandConfig } from '../command.js';

/** `dlp-agent enroll --server URL --token TOKEN [--ca-file F] [--key tpm|software|auto]`. */
export const enrollCommand: Command = {
  valued: ['server', 'token', 'ca-file', 'state-dir', 'key'],
  booleans: ['json'],
  async run(ctx) {
    const { args } = ctx;
    const server = str(args, 'server');
    const token = str(args, 'token');
    if (!server || !token) throw new UsageError('--server and --token are required');
    const config = await commandConfig(ctx, {
      serverUrl: server,
      ...(str(args, 'ca-file') ? { caFile: str(args, 'ca-file')! } : {}),
      ...(str(args, 'key') ? { keyMode: str(args, 'key')! } : {}),
    });
    try {
      const state = await enroll(ctx.platform, config, token, createLogger(true));
      ctx.out(
        args.flags.has('json')
          ? JSON.stringify({
              device_id: state.device_id,
              tenant_id: state.tenant_id,
              agent_group: state.agent_group,
            })
          : `enrolled: device ${state.device_id} (tenant ${state.tenant_id}); endpoint group: ${
              state.agent_group ??
              'none (policies scoped to endpoint groups apply once the console moves this endpoint into one)'
            }`,
      );
      return EXIT.ok;
    } catch (err) {
      if (err instanceof ConfigError || err instanceof UsageError) throw err;
      ctx.err(`dlp-agent enroll: ${enrollFailureReason(err).reason}`);
      return err instanceof UnreachableError
        ? EXIT.unreachable
        : err instanceof HttpError
          ? EXIT.refused
          : EXIT.failed;
    }
  },
};
