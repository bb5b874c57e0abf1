import { createHash } from 'node:crypto';
import {
  type BundleFingerprintCorpus,
  type BundlePolicy,
  conditionCorpusIds,
  encodeFingerprints,
  type FieldError,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { currentVersions, existingCorpusIds } from './store.js';

/**
 * What policies and the bundle compiler read of corpora (through public.ts): which corpus ids a
 * condition names that the tenant does not have, and the compact data of the corpora the shipped
 * policies name (docs/fingerprints.md, Bundle).
 */

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Fingerprint nodes naming a corpus the tenant does not have (unknown, deleted, or another
 * tenant's — one answer for all), by the node's field path (`condition.nodes[0].corpus_id`).
 * Checked when a version is written, published, approved or rolled back to.
 */
export async function unknownCorpusFields(
  db: Kysely<Database>,
  tenantId: string,
  condition: unknown,
): Promise<FieldError[]> {
  const named: { path: string; id: string }[] = [];
  const walk = (path: string, node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > 64) return;
    if (node['op'] === 'fingerprint' && typeof node['corpus_id'] === 'string' && node['corpus_id'] !== '')
      named.push({ path: `${path}.corpus_id`, id: node['corpus_id'] });
    if (Array.isArray(node['nodes']))
      for (const [i, child] of node['nodes'].entries()) walk(`${path}.nodes[${i}]`, child, depth + 1);
    if (node['node'] !== undefined) walk(`${path}.node`, node['node'], depth + 1);
  };
  walk('condition', condition, 0);
  if (named.length === 0) return [];
  const have = await existingCorpusIds(
    db,
    tenantId,
    named.map((n) => n.id),
  );
  return named
    .filter((n) => !have.has(n.id))
    .map((n) => ({ field: n.path, message: 'is not a fingerprint corpus of the tenant' }));
}

const EMPTY = encodeFingerprints([]);
const EMPTY_SHA = createHash('sha256').update(EMPTY).digest('hex');

/**
 * The corpora the shipped policies name, at their current version, sorted by id. A corpus never
 * built ships empty (it matches nothing); a deleted one is not shipped, so its nodes cannot be
 * evaluated on the endpoint (the withdrawal, docs/fingerprints.md).
 */
export async function bundleCorpora(
  db: Kysely<Database>,
  tenantId: string,
  policies: readonly BundlePolicy[],
): Promise<BundleFingerprintCorpus[]> {
  const ids = [...new Set(policies.flatMap((p) => conditionCorpusIds(p.condition)))];
  const rows = await currentVersions(db, tenantId, ids);
  return rows.map((r) => ({
    corpus_id: r.id,
    version: r.version,
    window: r.window,
    winnow: r.winnow,
    document_count: r.document_count ?? 0,
    data_sha256: r.data_sha256 ?? EMPTY_SHA,
    data: r.data ?? EMPTY,
  }));
}
