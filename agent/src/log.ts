/**
 * Agent log: one JSON line per entry on stderr (the journal keeps it under systemd). Messages never
 * carry a token, a key or a matched value; callers pass reasons and counts only.
 */
export type Logger = (
  level: 'debug' | 'info' | 'warn' | 'error',
  msg: string,
  fields?: Record<string, unknown>,
) => void;

export function createLogger(quiet = false): Logger {
  return (level, msg, fields) => {
    if (quiet && (level === 'debug' || level === 'info')) return;
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...(fields ?? {}) })}\n`,
    );
  };
}
