import { createHash, randomUUID } from 'node:crypto';
import {
  type CorpusProbe,
  DEFAULT_CORPUS_SETTINGS,
  DEFAULT_MIN_COVERAGE,
  type DocumentFingerprints,
  decideFingerprintRule,
  decodeFingerprints,
  encodeFingerprints,
  FINGERPRINT_MATCH_KINDS,
  type FingerprintIndex,
  type FingerprintMatchKind,
  fingerprintDocument,
  indexCorpus,
  probeCorpus,
} from '@custos/engine';
import { AppError, notFound } from '../../http/errors.js';
import { actorOf, auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import {
  addVersion,
  type CorpusSummary,
  findCorpus,
  insertCorpus,
  listCorpora,
  nameTaken,
  versionData,
} from './store.js';
import { type CorpusParts, recompileIfUsed } from './withdrawal.js';

/**
 * Document-fingerprint corpora (document 1; routes designed in docs/fingerprints.md). Files are
 * turned into shingle hashes as they arrive and dropped: no source text, file name or passage is
 * stored, audited or logged.
 */

export function corpusView(c: CorpusSummary) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    window: c.window,
    winnow: c.winnow,
    version: c.version,
    document_count: c.document_count ?? 0,
    too_short_count: c.too_short_count ?? 0,
    fingerprint_count: c.fingerprint_count ?? 0,
    size_bytes: c.size_bytes ?? 0,
    built_by: c.built_by,
    built_at: c.built_at,
    created_by: c.created_by,
    created_at: c.created_at,
  };
}

async function mustFind(ctx: ServiceContext, id: string): Promise<CorpusSummary> {
  const c = await findCorpus(ctx.db, actorOf(ctx).tenantId, id);
  if (!c) throw notFound('fingerprint corpus');
  return c;
}

export async function listFingerprintCorpora(ctx: ServiceContext) {
  return { items: (await listCorpora(ctx.db, actorOf(ctx).tenantId)).map(corpusView) };
}

export async function getFingerprintCorpus(ctx: ServiceContext, id: string) {
  return corpusView(await mustFind(ctx, id));
}

export async function createFingerprintCorpus(
  ctx: ServiceContext,
  body: { name: string; description?: string; window?: number; winnow?: number },
) {
  const tenantId = actorOf(ctx).tenantId;
  const nameKey = body.name.trim().toLowerCase();
  if (await nameTaken(ctx.db, tenantId, nameKey))
    throw new AppError('fingerprint_corpus.name_taken', 'a fingerprint corpus of this name exists', [
      { field: 'name', message: 'already used by another corpus' },
    ]);
  const id = randomUUID();
  await insertCorpus(ctx.db, {
    id,
    tenant_id: tenantId,
    name: body.name.trim(),
    name_key: nameKey,
    description: body.description ?? null,
    window: body.window ?? DEFAULT_CORPUS_SETTINGS.window,
    winnow: body.winnow ?? DEFAULT_CORPUS_SETTINGS.winnow,
    version: 0,
    created_by: userIdOf(ctx),
    created_at: ctx.clock.now().toISOString(),
  });
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'fingerprint_corpus.created',
    subject: { type: 'fingerprint_corpus', id },
  });
  return corpusView(await mustFind(ctx, id));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of one uploaded file: UTF-8 (a BOM is dropped); anything else is refused by position. */
function fileText(contentBase64: string, at: number): string {
  try {
    return utf8.decode(Buffer.from(contentBase64, 'base64')).replace(/^\uFEFF/, '');
  } catch {
    throw new AppError('request.invalid', 'a document is not UTF-8 text', [
      { field: `documents[${at}].content_base64`, message: 'not UTF-8 text' },
    ]);
  }
}

export type BuildMode = 'replace' | 'add';

/**
 * A new version from the files sent: `replace` makes it from these files alone, `add` adds them
 * to the current version's fingerprints (possible because documents are fingerprinted apart).
 * Each file's outcome is answered by position; none is kept.
 */
export async function buildFingerprintCorpus(
  ctx: ServiceContext,
  parts: CorpusParts,
  id: string,
  body: { mode?: BuildMode; documents: { content_base64: string }[] },
) {
  const corpus = await mustFind(ctx, id);
  const texts = body.documents.map((d, i) => fileText(d.content_base64, i));
  const settings = { window: corpus.window, winnow: corpus.winnow };
  const prints = texts.map((t) => fingerprintDocument(t, settings));
  const outcomes = prints.map((p) =>
    p.normalised.length === 0 ? ('too_short' as const) : ('kept' as const),
  );
  const mode = body.mode ?? 'replace';
  let documents: DocumentFingerprints[] = prints.filter((p) => p.normalised.length > 0);
  let tooShort = prints.length - documents.length;
  if (mode === 'add' && corpus.version > 0) {
    const current = await versionData(ctx.db, corpus.id, corpus.version);
    if (current) documents = [...decodeFingerprints(current.data), ...documents];
    tooShort += corpus.too_short_count ?? 0;
  }
  const data = encodeFingerprints(documents);
  const version = corpus.version + 1;
  const stored = await addVersion(
    ctx.db,
    {
      corpus_id: corpus.id,
      version,
      tenant_id: corpus.tenant_id,
      data,
      data_sha256: createHash('sha256').update(data).digest('hex'),
      document_count: documents.length,
      too_short_count: tooShort,
      fingerprint_count: documents.reduce((n, d) => n + d.exact.length + d.normalised.length, 0),
      built_by: userIdOf(ctx),
      built_at: ctx.clock.now().toISOString(),
    },
    corpus.version,
  );
  if (!stored) throw new AppError('resource.conflict', 'another build of this corpus finished first');
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'fingerprint_corpus.built',
    subject: { type: 'fingerprint_corpus', id: corpus.id },
    metadata: { version, mode, document_count: documents.length, too_short_count: tooShort },
  });
  // Building recompiles the bundle (document 1) when a published policy names the corpus.
  const bundleVersion = await recompileIfUsed(ctx, parts, corpus.id, 'fingerprint_corpus_built');
  return {
    corpus: corpusView(await mustFind(ctx, id)),
    bundle_version: bundleVersion,
    documents: outcomes.map((status) => ({ status })),
  };
}

/** Decoded and indexed versions, newest use last; versions never change, so a hit is always right. */
const indexCache = new Map<string, FingerprintIndex>();
const INDEX_CACHE_SIZE = 4;

async function indexOf(ctx: ServiceContext, c: CorpusSummary): Promise<FingerprintIndex> {
  const key = `${c.id}:${c.version}`;
  const hit = indexCache.get(key);
  if (hit) {
    indexCache.delete(key);
    indexCache.set(key, hit);
    return hit;
  }
  const row = c.version > 0 ? await versionData(ctx.db, c.id, c.version) : undefined;
  const documents = row ? decodeFingerprints(row.data) : [];
  const index = indexCorpus({ settings: { window: c.window, winnow: c.winnow }, documents });
  indexCache.set(key, index);
  if (indexCache.size > INDEX_CACHE_SIZE) indexCache.delete(indexCache.keys().next().value!);
  return index;
}

function kindResult(probe: CorpusProbe, kind: FingerprintMatchKind, minCoverage: number | undefined) {
  const min = minCoverage ?? DEFAULT_MIN_COVERAGE[kind];
  const outcome = decideFingerprintRule(probe, { kind, minCoverage: min });
  return {
    kind,
    result: outcome.result,
    min_coverage: min,
    coverage: outcome.result === 'match' ? Math.round(outcome.coverage * 10_000) / 10_000 : null,
  };
}

/**
 * Probes a passage with the engine code the endpoint runs: per kind, match / no_match /
 * too_short and the covered share of the best document. The passage is not stored or audited.
 */
export async function probeFingerprintCorpus(
  ctx: ServiceContext,
  id: string,
  body: { text: string; kind?: FingerprintMatchKind; min_coverage?: number },
) {
  const corpus = await mustFind(ctx, id);
  const probe = probeCorpus(await indexOf(ctx, corpus), body.text);
  const kinds = body.kind ? [body.kind] : FINGERPRINT_MATCH_KINDS;
  const results = kinds.map((k) => kindResult(probe, k, body.min_coverage));
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'fingerprint_corpus.probed',
    subject: { type: 'fingerprint_corpus', id: corpus.id },
    metadata: { version: corpus.version, outcome: results.map((r) => `${r.kind}:${r.result}`).join(',') },
  });
  return { corpus_id: corpus.id, version: corpus.version, too_short: probe.tooShort, kinds: results };
}
