/** Exit codes of `dlp-agent` (docs/agent.md). */
export const EXIT = {
  ok: 0,
  /** The command ran and its verdict is negative (doctor found a fault, signature invalid…). */
  failed: 1,
  usage: 2,
  notEnrolled: 3,
  unreachable: 4,
  refused: 5,
  config: 6,
} as const;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/**
 * Parses `--name value`, `--name=value` and boolean `--name`. Only names listed in `valued` take a
 * value; an unknown flag is a usage error so a typo is never silently ignored.
 */
export function parseArgs(argv: string[], valued: string[], booleans: string[]): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    if (valued.includes(name)) {
      const v = eq > 0 ? a.slice(eq + 1) : argv[++i];
      if (v === undefined || v === '') throw new UsageError(`--${name} needs a value`);
      flags.set(name, v);
    } else if (booleans.includes(name) || name === 'help') {
      if (eq > 0) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { positional, flags };
}

export function str(p: ParsedArgs, name: string): string | undefined {
  const v = p.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}
