import { type AgentConfig, loadConfig } from '../config.js';
import { readEnrollment } from '../enrollment-state.js';
import { createLogger } from '../log.js';
import type { Platform } from '../platform/types.js';
import { AgentService } from '../service.js';
import { type ParsedArgs, str } from './args.js';

/** What a command body gets: the platform, its parsed arguments, and the two output streams. */
export interface CommandContext {
  platform: Platform;
  args: ParsedArgs;
  out(text: string): void;
  err(text: string): void;
}

/** One `dlp-agent` command: the options it accepts and its body (answers the exit code). */
export interface Command {
  valued: string[];
  booleans: string[];
  run(ctx: CommandContext): Promise<number>;
}

/** The configuration for this command (`--state-dir`, machine policy, defaults), plus enrolment overrides. */
export async function commandConfig(
  ctx: CommandContext,
  extra: { serverUrl?: string; caFile?: string; keyMode?: string } = {},
): Promise<AgentConfig> {
  const { config } = await loadConfig({
    platform: ctx.platform,
    stateDir: str(ctx.args, 'state-dir'),
    ...extra,
  });
  return config;
}

/** Opens the enrolled service quietly (DLP_AGENT_VERBOSE shows its log); null when not enrolled. */
export async function openEnrolled(platform: Platform, config: AgentConfig): Promise<AgentService | null> {
  if (!(await readEnrollment(config.stateDir))) return null;
  return AgentService.open(platform, config, createLogger(!process.env.DLP_AGENT_VERBOSE));
}
