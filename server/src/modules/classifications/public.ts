import {
  type ClassificationDefinition,
  type ClassificationRule,
  type ConditionNode,
  conditionBindings,
  type PolicyVersionInput,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { FieldError } from '../../http/errors.js';
import { classificationRows, classificationStates } from './store.js';

/** Every stored coordinate of the tenant, and the enabled flag per classification. */
export async function tenantClassifications(db: Kysely<Database>, tenantId: string) {
  const rows = await classificationRows(db, tenantId);
  const state = await classificationStates(db, tenantId);
  return { rows, enabled: new Map(state.map((s) => [s.id, s.enabled === 1])) };
}

/**
 * Document 1, Conditions rule 1: publishing refuses a missing, disabled, cross-tenant or stale
 * binding. Stale = not the newest revision of its classification_version. Field errors name the
 * condition, never a value.
 */
export async function bindingProblems(
  db: Kysely<Database>,
  tenantId: string,
  condition: ConditionNode,
): Promise<FieldError[]> {
  const bindings = conditionBindings(condition);
  if (bindings.length === 0) return [];
  const { rows, enabled } = await tenantClassifications(db, tenantId);
  const out: FieldError[] = [];
  for (const b of bindings) {
    const row = rows.find(
      (r) =>
        r.id === b.classification_id &&
        r.classification_version === b.classification_version &&
        r.revision === b.revision,
    );
    if (!row)
      out.push({
        field: 'condition',
        message: 'names a classification coordinate this tenant does not have',
      });
    else if (enabled.get(row.id) === false)
      out.push({ field: 'condition', message: 'names a disabled classification' });
    else {
      const newest = Math.max(
        ...rows
          .filter((r) => r.id === row.id && r.classification_version === row.classification_version)
          .map((r) => r.revision),
      );
      if (newest !== row.revision)
        out.push({ field: 'condition', message: 'names a stale classification revision' });
    }
  }
  return out;
}

/** The exact definitions a set of shipped policies binds, sorted by coordinate by the canonicaliser. */
export async function definitionsFor(
  db: Kysely<Database>,
  tenantId: string,
  specs: readonly Pick<PolicyVersionInput, 'condition'>[],
): Promise<ClassificationDefinition[]> {
  const wanted = new Map<string, { id: string; v: number; r: number }>();
  for (const s of specs)
    for (const b of conditionBindings(s.condition))
      wanted.set(`${b.classification_id}@${b.classification_version}#${b.revision}`, {
        id: b.classification_id,
        v: b.classification_version,
        r: b.revision,
      });
  if (wanted.size === 0) return [];
  const { rows } = await tenantClassifications(db, tenantId);
  const out: ClassificationDefinition[] = [];
  for (const w of wanted.values()) {
    const row = rows.find((r) => r.id === w.id && r.classification_version === w.v && r.revision === w.r);
    if (row)
      out.push({
        classification_id: row.id,
        classification_version: row.classification_version,
        revision: row.revision,
        name: row.name,
        rules: JSON.parse(row.rules) as ClassificationRule[],
      });
  }
  return out;
}

// GET /search's classification kind (docs/search.md).
export { classificationSearchHits } from './search-hits.js';
