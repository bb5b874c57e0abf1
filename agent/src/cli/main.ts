import { ConfigError } from '../config.js';
import { loadPlatform } from '../platform/index.js';
import { HttpError, UnreachableError } from '../transport/errors.js';
import { versionLine } from '../version.js';
import { EXIT, type ParsedArgs, parseArgs, UsageError } from './args.js';
import type { Command } from './command.js';
import { capabilitiesCommand } from './commands/capabilities.js';
import { doctorCommand } from './commands/doctor.js';
import { enrollCommand } from './commands/enroll.js';
import { requestsCommand } from './commands/requests.js';
import { runCommand } from './commands/run.js';
import { scanCommand } from './commands/scan.js';
import { sessionCommand } from './commands/session.js';
import { statusCommand } from './commands/status.js';
import { uninstallCommand } from './commands/uninstall.js';
import { verifyPackageCommand } from './commands/verify-package.js';
import { HELP } from './help.js';

/** Every `dlp-agent` command, one file each under `commands/`. */
const COMMANDS: Record<string, Command> = {
  enroll: enrollCommand,
  run: runCommand,
  scan: scanCommand,
  doctor: doctorCommand,
  status: statusCommand,
  capabilities: capabilitiesCommand,
  'verify-package': verifyPackageCommand,
  requests: requestsCommand,
  session: sessionCommand,
  uninstall: uninstallCommand,
};

function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

function err(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** The dispatcher: help and argument errors, the platform, then the command; errors become exit codes. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help' || command === '-h') {
    out(HELP.main!);
    return command ? EXIT.ok : EXIT.usage;
  }
  if (command === '--version' || command === 'version') {
    out(versionLine());
    return EXIT.ok;
  }
  const spec = COMMANDS[command];
  if (!spec) {
    err(`dlp-agent: unknown command ${command}\n${HELP.main}`);
    return EXIT.usage;
  }
  let args: ParsedArgs;
  try {
    args = parseArgs(rest, spec.valued, spec.booleans);
  } catch (e) {
    err(`dlp-agent ${command}: ${(e as Error).message}\n${HELP[command]}`);
    return EXIT.usage;
  }
  if (args.flags.has('help')) {
    out(HELP[command]!);
    return EXIT.ok;
  }
  try {
    const platform = await loadPlatform();
    // Everything the agent writes (queue, remembered files, policy, enrolment) is owner-only.
    platform.restrictNewFiles();
    return await spec.run({ platform, args, out, err });
  } catch (e) {
    if (e instanceof UsageError) {
      err(`dlp-agent ${command}: ${e.message}\n${HELP[command]}`);
      return EXIT.usage;
    }
    if (e instanceof ConfigError) {
      err(`dlp-agent ${command}: configuration: ${e.message}`);
      return EXIT.config;
    }
    if (e instanceof UnreachableError || e instanceof HttpError) {
      err(`dlp-agent ${command}: ${e.message}`);
      return e instanceof HttpError ? EXIT.refused : EXIT.unreachable;
    }
    throw e;
  }
}
