import type { Config } from '../../config.js';
import { runOncePerOccurrence } from '../../db/job-runs.js';
import type { SweepParts } from '../../service-context.js';
import { resolveDepartments } from './department.js';

/** The resolver's schedule: 30 s after start, then every five minutes, once across instances. */
export const PASS_EVERY_MS = 5 * 60_000;
const FIRST_MS = 30_000;

export function startDepartmentJob(
  deps: SweepParts,
  config: Config,
  onError: (err: unknown) => void,
): () => void {
  const pass = () => {
    const now = deps.clock.now();
    runOncePerOccurrence(deps.db, 'directory.departments', PASS_EVERY_MS, now, () =>
      resolveDepartments(deps, config),
    ).catch(onError);
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    pass();
    every = setInterval(pass, PASS_EVERY_MS);
    every.unref();
  }, FIRST_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
