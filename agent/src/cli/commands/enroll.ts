import { rmdir } from 'node:fs/promises';
import { ConfigError } from '../../config.js';
import { EVENT_ENROLL_FAILING, enroll, enrollFailureReason } from '../../enroll.js';
import { readEnrollment } from '../../enrollment-state.js';
import { removeDeviceKey } from '../../identity/remove-key.js';
import { createLogger } from '../../log.js';
import { HttpError, UnreachableError } from '../../transport/errors.js';
import { EXIT, str, UsageError } from '../args.js';
import { type Command, type CommandContext, commandConfig } from '../command.js';

/**
 * What the administrator can do about a refused enrolment during `msiexec` (route (a)): written to
 * the Application log with the reason, since a silent installation shows nothing else.
 */
export function installerHint(reason: string): string {
  if (/token refused/.test(reason))
    return 'Create a new enrolment token in the console and run msiexec again with ENROLLTOKEN set to it.';
  if (/https|URL/.test(reason)) return 'Correct SERVERURL (https://host[:port]) and run msiexec again.';
  if (/already enrolled/.test(reason))
    return 'This machine is enrolled already: uninstall the agent first, or install without ENROLLTOKEN.';
  return 'Check that this machine reaches the server (address, port, TLS certificate) and run msiexec again.';
}

/** `dlp-agent enroll --server URL --token TOKEN [--ca-file F] [--key tpm|software|auto]`. */
export const enrollCommand: Command = {
  valued: ['server', 'token', 'ca-file', 'state-dir', 'key'],
  // --from-installer: run by the MSI's deferred custom action (wix/agent.wxs).
  booleans: ['json', 'from-installer'],
  async run(ctx) {
    if (!ctx.args.flags.has('from-installer')) return enrollOnce(ctx);
    try {
      return await enrollOnce(ctx);
    } catch (err) {
      const { reason } = enrollFailureReason(err);
      ctx.platform.service.reportEvent(
        EVENT_ENROLL_FAILING,
        'error',
        `installation stopped and rolled back: enrolment failed: ${reason}. ${installerHint(reason)}`,
      );
      throw err;
    }
  },
};

/**
 * The installer's enrolment failed: the device key it made (and the state directory, when that
 * leaves it empty) go, so a rolled-back installation leaves nothing behind even where the
 * installer runs no rollback action (Wine). An enrolled machine is never touched.
 */
async function undoFailedEnrollment(ctx: CommandContext, stateDir: string): Promise<void> {
  if (await readEnrollment(stateDir)) return;
  await removeDeviceKey(stateDir, ctx.platform.deviceKeys);
  await rmdir(stateDir).catch(() => undefined);
}

async function enrollOnce(ctx: CommandContext): Promise<number> {
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
    const { reason } = enrollFailureReason(err);
    ctx.err(`dlp-agent enroll: ${reason}`);
    if (args.flags.has('from-installer')) {
      ctx.platform.service.reportEvent(
        EVENT_ENROLL_FAILING,
        'error',
        `installation stopped and rolled back: enrolment failed: ${reason}. ${installerHint(reason)}`,
      );
      await undoFailedEnrollment(ctx, config.stateDir);
    }
    return err instanceof UnreachableError
      ? EXIT.unreachable
      : err instanceof HttpError
        ? EXIT.refused
        : EXIT.failed;
  }
}
