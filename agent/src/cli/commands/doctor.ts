import { str } from '../args.js';
import type { Command } from '../command.js';
import { doctor } from '../doctor.js';

/** `dlp-agent doctor`: one verdict per check (see ../doctor.ts). */
export const doctorCommand: Command = {
  valued: ['state-dir'],
  booleans: ['json'],
  run: (ctx) => doctor(ctx.platform, str(ctx.args, 'state-dir'), ctx.args.flags.has('json'), ctx.out),
};
