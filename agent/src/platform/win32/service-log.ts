import { appendFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Rotated logs: `agent-<time>.log` beside the current `agent.log`. */
const ROTATED = /^agent-[0-9TZ-]+\.log$/;

/**
 * A Windows service has no console: its log lines (one JSON line each, log.ts) go to
 * `<state dir>\logs\agent.log` instead of stderr. The file is rotated when it passes LogMaxBytes,
 * and rotated files older than LogRetainDays are deleted (document 2's machine policy values).
 * A write that fails is dropped: the log must never stop the service.
 */
export function logServiceToFile(
  dir: string,
  limits: { maxBytes: number; retainDays: number },
  now: () => number = Date.now,
): string {
  mkdirSync(dir, { recursive: true });
  const current = join(dir, 'agent.log');
  const prune = () => {
    const cutoff = now() - limits.retainDays * 86_400_000;
    for (const name of readdirSync(dir)) {
      if (!ROTATED.test(name)) continue;
      const path = join(dir, name);
      if (statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
    }
  };
  prune();
  let size = (() => {
    try {
      return statSync(current).size;
    } catch {
      return 0;
    }
  })();
  const write = (chunk: string | Uint8Array): boolean => {
    try {
      const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (size > 0 && size + bytes > limits.maxBytes) {
        const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
        renameSync(current, join(dir, `agent-${stamp}.log`));
        size = 0;
        prune();
      }
      appendFileSync(current, chunk);
      size += bytes;
    } catch {
      /* dropped */
    }
    return true;
  };
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    write(chunk);
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  }) as typeof process.stderr.write;
  return current;
}
