import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { causeOf, SIGHT_FILE, type SightProblem } from '../sensors/path-sight.js';

export interface PathVerdict {
  verdict: 'OK' | 'WARN' | 'FAIL';
  detail: string;
}

/** What the sensing process (`run`, `run --once`) last recorded; null when it never ran. */
async function serviceView(stateDir: string): Promise<SightProblem[] | null> {
  try {
    const parsed = JSON.parse(await readFile(join(stateDir, SIGHT_FILE), 'utf8')) as { problems?: unknown };
    return Array.isArray(parsed.problems) ? (parsed.problems as SightProblem[]) : null;
  } catch {
    return null;
  }
}

/** systemd's PrivateTmp gives the service its own /tmp and /var/tmp (installer/custos-agent.service). */
const PRIVATE_TMP = /^\/(?:var\/)?tmp(?:\/|$)/;

function hint(p: SightProblem): string {
  return p.cause === 'absent' && PRIVATE_TMP.test(p.path)
    ? ' (the unit runs with PrivateTmp=yes: the service has its own /tmp; see docs/agent.md)'
    : '';
}

/**
 * Doctor's `monitored paths` check (issue 26 item 4): every monitored path of the bundle in force,
 * as this process sees it, and what the service recorded it could not watch or open. The service's
 * view matters most: doctor may run as root and outside the unit's namespaces, where every path
 * looks fine. Any problem fails the check, naming path and cause.
 */
export async function monitoredPathsVerdict(
  stateDir: string,
  monitored: readonly string[],
): Promise<PathVerdict> {
  if (monitored.length === 0) return { verdict: 'OK', detail: 'the bundle in force monitors no path' };
  const problems: string[] = [];
  for (const path of monitored) {
    try {
      if (!(await stat(path)).isDirectory()) problems.push(`${path}: not_a_directory`);
      else await access(path, constants.R_OK | constants.X_OK);
    } catch (err) {
      problems.push(`${path}: ${causeOf((err as NodeJS.ErrnoException).code)} here`);
    }
  }
  const view = await serviceView(stateDir);
  for (const p of view ?? [])
    problems.push(`${p.path}: ${p.cause}${p.code ? ` (${p.code})` : ''} for the agent's ${p.via}${hint(p)}`);
  if (problems.length > 0)
    return { verdict: 'FAIL', detail: `${problems.length} not seen: ${problems.slice(0, 10).join('; ')}` };
  if (view === null)
    return {
      verdict: 'WARN',
      detail: `${monitored.length} paths open here; the agent has not yet reported what it can see`,
    };
  return { verdict: 'OK', detail: `${monitored.length} paths watched and walked by the agent` };
}
