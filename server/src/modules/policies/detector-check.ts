import { BUILTIN_DETECTORS, type FieldError } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { currentCustomDetectors } from '../detectors/public.js';

const BUILTIN_IDS = new Set(BUILTIN_DETECTORS.map((d) => d.id));

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Detector nodes naming a detector the tenant does not have (neither built in nor one of its
 * custom detectors), by the node's field path (`condition.nodes[1].detector_id`, the engine's
 * path style). Checked when a version is written, published or rolled back to, so an unknown id
 * is refused on the field that names it instead of failing the bundle graph check later.
 */
export async function unknownDetectorFields(
  db: Kysely<Database>,
  tenantId: string,
  condition: unknown,
): Promise<FieldError[]> {
  const named: { path: string; id: string }[] = [];
  const walk = (path: string, node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > 64) return;
    if (node['op'] === 'detector' && typeof node['detector_id'] === 'string')
      named.push({ path: `${path}.detector_id`, id: node['detector_id'] });
    if (Array.isArray(node['nodes']))
      for (const [i, child] of node['nodes'].entries()) walk(`${path}.nodes[${i}]`, child, depth + 1);
    if (node['node'] !== undefined) walk(`${path}.node`, node['node'], depth + 1);
  };
  walk('condition', condition, 0);
  const unknown = named.filter((n) => !BUILTIN_IDS.has(n.id));
  if (unknown.length === 0) return [];
  const custom = await currentCustomDetectors(db, tenantId);
  return unknown
    .filter((n) => !custom.has(n.id))
    .map((n) => ({ field: n.path, message: 'is not a detector of the tenant' }));
}
