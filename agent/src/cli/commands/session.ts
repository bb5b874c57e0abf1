import { setTimeout as sleep } from 'node:timers/promises';
import { serveOnce } from '../../people/helper.js';
import { EXIT, str } from '../args.js';
import type { Command } from '../command.js';

/**
 * `dlp-agent session`: the per-session helper the desktop session starts (XDG autostart, systemd
 * user unit). It shows the service's notices and prompts to the person of this session. It
 * reconnects every 5 s while the service is away; a refusal (the service does not serve this
 * person) ends it with exit 5, so a session that is not the console's does not retry forever.
 */
export const sessionCommand: Command = {
  valued: ['socket'],
  booleans: ['once'],
  async run(ctx) {
    const support = ctx.platform.session;
    if (!support) {
      ctx.err('dlp-agent session: this platform has no session channel');
      return EXIT.config;
    }
    const socketPath = str(ctx.args, 'socket') ?? support.socketPath();
    const desktop = await support.openDesktop(process.env);
    ctx.err(
      `dlp-agent session: notifications ${desktop.notifications ? 'yes' : `no (${desktop.reason})`}, dialog ${desktop.dialog ?? 'none'}`,
    );
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
    try {
      for (;;) {
        const end = await serveOnce(
          support,
          socketPath,
          desktop,
          () => ctx.err('dlp-agent session: connected'),
          stop.signal,
        );
        if (end.kind === 'stopped') return EXIT.ok;
        if (end.kind === 'refused') {
          ctx.err(`dlp-agent session: refused by the service: ${end.reason}`);
          return EXIT.refused;
        }
        if (ctx.args.flags.has('once')) {
          ctx.err(`dlp-agent session: ${end.reason}`);
          return EXIT.unreachable;
        }
        await sleep(5_000, undefined, { signal: stop.signal }).catch(() => {});
        if (stop.signal.aborted) return EXIT.ok;
      }
    } finally {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      desktop.close();
    }
  },
};
