import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the agent cannot see (issue 26 item 4): monitored paths it cannot watch or walk, and
 * directories inside them it cannot open. Kept per path and per sensor (`watch`: live activity,
 * `discovery`: the walk), so the two never overwrite each other. The state travels in check-in
 * health (bounded), is written to `<state>/path-sight.json` for `dlp-agent doctor`, and every
 * change is returned to the caller so it is logged once per change, not once per retry.
 */
export type SightVia = 'watch' | 'discovery';

export interface SightProblem {
  path: string;
  via: SightVia;
  /** absent, not_a_directory, permission_denied or failed (docs/agent.md, "What the agent cannot see"). */
  cause: string;
  /** The system error code (ENOENT, EACCES …) when there is one. */
  code: string | null;
  since: string;
}

export interface SightChange {
  path: string;
  via: SightVia;
  /** The new problem, or null when the path is seen again. */
  problem: SightProblem | null;
}

/** Paths listed in health; the total is always given. */
export const SIGHT_HEALTH_LIMIT = 20;
export const SIGHT_FILE = 'path-sight.json';

/** A cause a person can read from a system error code. */
export function causeOf(code: string | null | undefined): string {
  if (code === 'ENOENT') return 'absent';
  if (code === 'ENOTDIR') return 'not_a_directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission_denied';
  return 'failed';
}

/** A problem as check-in health reports it: with the failed tries this process made. */
export interface ReportedProblem extends SightProblem {
  /** Failed tries of this process since `since` (or since it started): proof that it retries. */
  attempts: number;
}

export class PathSight {
  private readonly problems = new Map<string, SightProblem>();
  /** Failed tries per problem, in memory only (the file is written on change, not per try). */
  private readonly attempts = new Map<string, number>();

  /** Where the state is written for doctor; null keeps it in memory only. */
  private stateDir: string | null = null;

  constructor(private readonly clock: () => number = Date.now) {}

  /**
   * Starts keeping the state for doctor (the sensing process only: `run`, `run --once`). What an
   * earlier process recorded is taken over, so the first check-in after a restart already carries
   * it and an unchanged problem is not logged again; the next walk and watch confirm or clear it.
   * Only what this process maintains is taken over (`run --once` walks but never watches, so a
   * watch failure it could never clear is dropped).
   */
  attach(stateDir: string, maintained: readonly SightVia[] = ['watch', 'discovery']): void {
    this.stateDir = stateDir;
    try {
      const saved = JSON.parse(readFileSync(join(stateDir, SIGHT_FILE), 'utf8')) as { problems?: unknown };
      for (const p of Array.isArray(saved.problems) ? (saved.problems as SightProblem[]) : [])
        if (typeof p?.path === 'string' && maintained.includes(p.via))
          this.problems.set(PathSight.key(p.path, p.via), p);
    } catch {
      /* nothing recorded yet */
    }
    this.persist();
  }

  private static key(path: string, via: SightVia): string {
    return `${via}\u0000${path}`;
  }

  /** Records a problem; a change when the path was fine or had another cause. */
  set(path: string, via: SightVia, code: string | null, cause = causeOf(code)): SightChange | null {
    const key = PathSight.key(path, via);
    const prior = this.problems.get(key);
    if (prior && prior.cause === cause && prior.code === code) {
      this.attempts.set(key, (this.attempts.get(key) ?? 0) + 1);
      return null;
    }
    const problem = { path, via, cause, code, since: new Date(this.clock()).toISOString() };
    this.problems.set(key, problem);
    this.attempts.set(key, 1);
    this.persist();
    return { path, via, problem };
  }

  /** The path is seen again; a change when it had a problem. */
  clear(path: string, via: SightVia): SightChange | null {
    const key = PathSight.key(path, via);
    this.attempts.delete(key);
    if (!this.problems.delete(key)) return null;
    this.persist();
    return { path, via, problem: null };
  }

  /**
   * Replaces the problems `via` reported at or under `root` by `found` (one walk's result): paths
   * no longer failing are cleared, new ones recorded. Returns the changes.
   */
  replaceUnder(root: string, via: SightVia, found: Map<string, string | null>): SightChange[] {
    const changes: SightChange[] = [];
    for (const p of [...this.problems.values()]) {
      if (p.via !== via || found.has(p.path)) continue;
      if (p.path === root || p.path.startsWith(`${root}/`)) {
        const c = this.clear(p.path, via);
        if (c) changes.push(c);
      }
    }
    for (const [path, code] of found) {
      const c = this.set(path, via, code);
      if (c) changes.push(c);
    }
    return changes;
  }

  /** Forgets paths that are no longer monitored (bundle change, volume removed). */
  retain(wanted: ReadonlySet<string>): void {
    let changed = false;
    for (const [key, p] of this.problems) {
      const kept = [...wanted].some((w) => p.path === w || p.path.startsWith(`${w}/`));
      if (!kept) {
        this.problems.delete(key);
        this.attempts.delete(key);
        changed = true;
      }
    }
    if (changed) this.persist();
  }

  list(): SightProblem[] {
    return [...this.problems.values()].sort((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : a.via < b.via ? -1 : 1,
    );
  }

  /** The check-in health field: a bounded list and the total. */
  health(): { total: number; items: ReportedProblem[] } {
    const all = this.list();
    const items = all
      .slice(0, SIGHT_HEALTH_LIMIT)
      .map((p) => ({ ...p, attempts: this.attempts.get(PathSight.key(p.path, p.via)) ?? 0 }));
    return { total: all.length, items };
  }

  private persist(): void {
    if (!this.stateDir) return;
    try {
      writeFileSync(join(this.stateDir, SIGHT_FILE), JSON.stringify({ problems: this.list() }), {
        mode: 0o600,
      });
    } catch {
      /* doctor then says the service's view is unknown; health still carries it */
    }
  }
}

/** One log line per change of what the walk can see, never one per pass. */
export function sightLogger(
  log: (level: 'info' | 'warn', msg: string, fields: Record<string, unknown>) => void,
): (c: SightChange) => void {
  return (c) => {
    if (c.problem)
      log('warn', 'monitored path not seen', {
        path: c.path,
        via: c.via,
        cause: c.problem.cause,
        code: c.problem.code,
      });
    else log('info', 'monitored path seen again', { path: c.path, via: c.via });
  };
}
