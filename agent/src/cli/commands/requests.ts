import { decisionClock } from '../../people/exception-client.js';
import { ExceptionStore } from '../../people/exception-store.js';
import { EXIT, str, UsageError } from '../args.js';
import { type Command, commandConfig, openEnrolled } from '../command.js';

/**
 * `dlp-agent requests [--json]`: this device's exception requests waiting for a decision and the
 * approvals in force (from `exceptions.json`; the reason the person wrote is not shown).
 * `dlp-agent requests --withdraw REFERENCE`: withdraws an exception request this device made.
 */
export const requestsCommand: Command = {
  valued: ['withdraw', 'state-dir'],
  booleans: ['json'],
  async run(ctx) {
    const ref = str(ctx.args, 'withdraw');
    const config = await commandConfig(ctx);
    if (ref === undefined) {
      if (ctx.args.flags.has('withdraw')) throw new UsageError('--withdraw REFERENCE needs a reference');
      const store = new ExceptionStore(config.stateDir);
      await store.load();
      const now = decisionClock()();
      const pending = store.pending().map((p) => ({
        reference: p.reference,
        policy_id: p.body.policy_id,
        file_name: p.body.file_name,
        channel: p.body.channel,
        requested_at: p.created_at,
        sent: p.reference !== null,
      }));
      const approvals = store.approvals(now).map((a) => ({
        reference: a.reference,
        policy_id: a.policy_id,
        channel: a.channel,
        until: a.expires_at,
      }));
      if (ctx.args.flags.has('json')) ctx.out(JSON.stringify({ pending, approvals }));
      else {
        ctx.out(`pending: ${pending.length}`);
        for (const p of pending)
          ctx.out(
            `  ${p.reference ?? '(not sent yet)'}  ${p.file_name ?? '-'}  ${p.channel}  ${p.requested_at}`,
          );
        ctx.out(`approvals in force: ${approvals.length}`);
        for (const a of approvals) ctx.out(`  ${a.reference}  ${a.channel}  until ${a.until}`);
      }
      return EXIT.ok;
    }
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(ref)) throw new UsageError('REFERENCE must be letters, digits, - or _');
    const svc = await openEnrolled(ctx.platform, config);
    if (!svc) return EXIT.notEnrolled;
    try {
      ctx.out(JSON.stringify(await svc.withdrawRequest(ref)));
      return EXIT.ok;
    } finally {
      await svc.close();
    }
  },
};
