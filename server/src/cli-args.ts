import { type ParseArgsConfig, parseArgs } from 'node:util';

/** A bad command line or option: `dlp-server` answers exit 2 with its message. */
export class UsageError extends Error {}

export type Values = Record<string, string | boolean | undefined>;

/** Strict option parsing shared by every `dlp-server` command (`--help` always accepted). */
export function parse(
  args: string[],
  options: NonNullable<ParseArgsConfig['options']>,
): { values: Values; positionals: string[] } {
  try {
    const parsed = parseArgs({
      args,
      options: { help: { type: 'boolean', short: 'h' }, ...options },
      strict: true,
      allowPositionals: true,
    });
    return { values: parsed.values as Values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'invalid arguments');
  }
}
