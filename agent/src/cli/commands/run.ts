import type { AgentConfig } from '../../config.js';
import { EVENT_ENROLL_FAILING, enroll, enrollFailureReason, enrollFromPolicy } from '../../enroll.js';
import { readEnrollment } from '../../enrollment-state.js';
import type { Logger } from '../../log.js';
import { createLogger } from '../../log.js';
import { Wake } from '../../schedule.js';
import { AgentService } from '../../service.js';
import { HttpError, UnreachableError } from '../../transport/errors.js';
import { EXIT_RESTART, onRestartRequest, restartRequested } from '../../update/restart.js';
import { beginUpdateTrial } from '../../update/trial.js';
import { EXIT } from '../args.js';
import { type Command, type CommandContext, commandConfig } from '../command.js';

/** `dlp-agent run [--once]`: the service (until SIGTERM/SIGINT), or one pass printed as JSON. */
export const runCommand: Command = {
  valued: ['state-dir'],
  booleans: ['once', 'json'],
  async run(ctx) {
    const { platform, args } = ctx;
    const config = await commandConfig(ctx);
    const log = createLogger();
    const ac = new AbortController();
    const stop = () => ac.abort();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    const once = args.flags.has('once');
    // Self-update restarts the service through its manager (docs/agent-updates.md).
    if (!once) onRestartRequest(stop);
    // Windows: started by the service control manager, the agent answers it before anything slow
    // (enrolment may retry for minutes); stop and shutdown end the loop like SIGTERM.
    const service = once ? null : (platform.service.attach?.(stop) ?? null);
    if (service?.isService) {
      platform.service.logToFile?.(config.stateDir, {
        maxBytes: config.logMaxBytes,
        retainDays: config.logRetainDays,
      });
      // How long the process took to reach the service control manager (Wine allows 10 s, Windows 30 s).
      log('info', 'running as a Windows service', { uptime_ms: Math.round(process.uptime() * 1000) });
    }
    if (!service?.isService) return runAgent(ctx, config, log, ac.signal, once);
    let code: number;
    try {
      code = await runAgent(ctx, config, log, ac.signal, once);
    } catch (err) {
      // Not reported as stopped: the service control manager sees the process end on its own, a
      // failure, and applies the recovery actions (restart).
      log('error', 'service failed', { error: (err as Error).message });
      process.exit(EXIT.failed);
    }
    platform.service.stopped?.(code);
    return code;
  },
};

async function runAgent(
  ctx: CommandContext,
  config: AgentConfig,
  log: Logger,
  signal: AbortSignal,
  once: boolean,
): Promise<number> {
  const { platform } = ctx;
  if (!(await readEnrollment(config.stateDir))) {
    if (once && (!config.enrollmentToken || !config.serverUrl)) {
      ctx.err('dlp-agent run: not enrolled (run dlp-agent enroll, or set EnrollmentToken in machine policy)');
      return EXIT.notEnrolled;
    }
    if (once) {
      // One pass: one enrolment attempt from machine policy, its reason reported (event 3004).
      try {
        await enroll(platform, config, config.enrollmentToken!, log);
      } catch (err) {
        const { reason } = enrollFailureReason(err);
        platform.service.reportEvent(EVENT_ENROLL_FAILING, 'warning', `enrolment failed: ${reason}`);
        return err instanceof HttpError
          ? EXIT.refused
          : err instanceof UnreachableError
            ? EXIT.unreachable
            : EXIT.failed;
      }
    } else {
      // Document 2, route (b): enrol at first start from machine policy, retrying with back-off.
      const state = await enrollFromPolicy(platform, config, log, signal);
      if (!state) return EXIT.notEnrolled;
    }
  }
  const trial = once ? null : await beginUpdateTrial(config.stateDir, log);
  if (trial?.rolledBack) return EXIT_RESTART;
  const svc = await AgentService.open(platform, config, log);
  try {
    if (once) {
      const summary = await svc.runOnce();
      ctx.out(JSON.stringify(summary));
      return summary.checkin === 'ok' || summary.checkin === 'offline' ? EXIT.ok : EXIT.failed;
    }
    // SIGHUP (Linux): check in now, e.g. to pick up a revocation or a new policy at once.
    const checkinNow = new Wake();
    const unlisten = platform.service.onCheckInRequest?.(() => {
      log('info', 'check-in requested (SIGHUP)');
      checkinNow.now();
    });
    if (unlisten) log('info', 'service loops starting; SIGHUP checks in at once');
    try {
      await svc.run(signal, checkinNow);
    } finally {
      unlisten?.();
    }
    return restartRequested() ? EXIT_RESTART : EXIT.ok;
  } finally {
    trial?.dispose();
    await svc.close();
  }
}
