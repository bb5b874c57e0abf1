import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { type SweepParts, systemServiceContext } from '../../service-context.js';
import { fillIncidentDepartment, incidentsAwaitingDepartment } from '../incidents/public.js';
import { withDirectory } from './directory-call.js';
import { personDepartment } from './ldap-search.js';
import { enabledSources, tenantsWithEnabledSources, updateSource } from './store.js';

/**
 * The department resolver (document 3): with an enabled source, the department of each person
 * with an open unattributed incident is looked up (exact account or principal name) and fills
 * that person's open incidents (`department_source: directory`). Answers are kept 24 hours,
 * failures 15 minutes, in memory; a failed source rests 15 minutes. Each change of a source's
 * health is audited `directory.source_health_changed` by the system (health.ts, for every caller).
 */

export const ANSWER_MS = 24 * 3_600_000;
export const FAILURE_MS = 15 * 60_000;
export const REST_MS = 15 * 60_000;
const PEOPLE_PER_PASS = 200;
const INCIDENTS_PER_PASS = 5_000;

/** tenant \u0000 lower(user name) → the answer (department or null) and until when it holds. */
const answers = new Map<string, { department: string | null; until: number }>();

/** One pass over every tenant with an enabled source; answers how many incidents were filled. */
export async function resolveDepartments(deps: SweepParts, config: Config): Promise<number> {
  let filled = 0;
  for (const tenantId of await tenantsWithEnabledSources(deps.db))
    filled += await resolveTenant(deps, config, tenantId);
  return filled;
}

async function resolveTenant(deps: SweepParts, config: Config, tenantId: string): Promise<number> {
  const now = deps.clock.now();
  const waiting = await incidentsAwaitingDepartment(deps.db, tenantId, INCIDENTS_PER_PASS);
  const byPerson = new Map<string, string[]>();
  for (const w of waiting) {
    const key = w.username.toLowerCase();
    byPerson.set(key, [...(byPerson.get(key) ?? []), w.id]);
  }
  const key = (person: string) => `${tenantId}\u0000${person}`;
  const unknown = [...byPerson.keys()]
    .filter((p) => (answers.get(key(p))?.until ?? 0) <= now.getTime())
    .slice(0, PEOPLE_PER_PASS);
  const ctx = systemServiceContext(deps, tenantId);
  for (const source of await enabledSources(deps.db, tenantId)) {
    if (unknown.length === 0) break;
    if (source.kind !== 'directory_windows') continue;
    if (source.resting_until !== null && source.resting_until > now.toISOString()) continue;
    try {
      const found = await withDirectory(ctx, config, source, async (client, baseDn) => {
        const out = new Map<string, string | null>();
        for (const person of unknown) out.set(person, await personDepartment(client, baseDn, person));
        return out;
      });
      for (const [person, department] of found) {
        answers.set(key(person), { department, until: now.getTime() + ANSWER_MS });
        if (department !== null) unknown.splice(unknown.indexOf(person), 1);
      }
    } catch (error) {
      if (error instanceof AppError && error.code === 'request.rate_limited') continue;
      await updateSource(deps.db, tenantId, source.id, {
        resting_until: new Date(now.getTime() + REST_MS).toISOString(),
      });
      for (const person of unknown)
        if ((answers.get(key(person))?.until ?? 0) <= now.getTime())
          answers.set(key(person), { department: null, until: now.getTime() + FAILURE_MS });
    }
  }
  let filled = 0;
  for (const [person, ids] of byPerson) {
    const department = answers.get(key(person))?.department ?? null;
    if (department !== null) filled += await fillIncidentDepartment(deps.db, tenantId, ids, department, now);
  }
  return filled;
}
