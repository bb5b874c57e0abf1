import { readEnrollment } from '../../enrollment-state.js';
import { createLogger } from '../../log.js';
import { AgentService } from '../../service.js';
import { EXIT } from '../args.js';
import { type Command, commandConfig } from '../command.js';

function formatStatus(s: Record<string, unknown>): string {
  return Object.entries(s)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

/** `dlp-agent status`: enrolment, bundle in force, queue and remembered files. */
export const statusCommand: Command = {
  valued: ['state-dir'],
  booleans: ['json'],
  async run(ctx) {
    const json = ctx.args.flags.has('json');
    const config = await commandConfig(ctx);
    const enrollment = await readEnrollment(config.stateDir);
    if (!enrollment) {
      ctx.out(json ? JSON.stringify({ enrolled: false }) : 'not enrolled');
      return EXIT.notEnrolled;
    }
    const svc = await AgentService.open(ctx.platform, config, createLogger(true));
    try {
      const status = {
        enrolled: true,
        device_id: enrollment.device_id,
        tenant_id: enrollment.tenant_id,
        agent_group: enrollment.agent_group,
        server_url: enrollment.server_url,
        certificate_expires_at: enrollment.certificate_expires_at,
        bundle: svc.bundles.getStatus(),
        queue: svc.queue.stats(),
        remembered_files: svc.files.count(),
      };
      ctx.out(json ? JSON.stringify(status, null, 2) : formatStatus(status));
      return EXIT.ok;
    } finally {
      await svc.close();
    }
  },
};
