import { performance } from 'node:perf_hooks';
import { fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import type { SearchMetrics } from '../../http/search-metrics.js';
import type { SearchHit } from '../../ports/search-hit.js';
import type { ServiceContext } from '../../service-context.js';
import { SEARCH_KINDS } from './kinds.js';

/** Document 2: at most five hits per kind. */
export const HITS_PER_KIND = 5;
/** Document 2: at least two characters; the upper bound is ours (docs/search.md). */
export const QUERY_MIN = 2;
export const QUERY_MAX = 100;

// Control characters (C0, DEL, C1) and the bidirectional overrides have no place in a search.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused are the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The literal text searched: trimmed, 2 to 100 characters, no control characters; else 422 `q`. */
export function searchText(raw: string | undefined): string {
  const text = (raw ?? '').trim();
  const length = [...text].length;
  if (length < QUERY_MIN) throw fieldError('q', `must be at least ${QUERY_MIN} characters`);
  if (length > QUERY_MAX) throw fieldError('q', `must be at most ${QUERY_MAX} characters`);
  if (UNSAFE.test(text)) throw fieldError('q', 'must not hold control characters');
  return text;
}

/**
 * GET /search (document 2, Search; docs/search.md): every kind the caller may read is searched in
 * parallel, at most five hits each; a kind the caller may not read is never queried and is named
 * in `not_searched`. Nothing here logs or audits the text.
 */
export async function search(
  ctx: ServiceContext,
  principal: Principal,
  raw: string | undefined,
  metrics: SearchMetrics,
): Promise<{ query: string; hits: SearchHit[]; not_searched: string[] }> {
  const text = searchText(raw);
  const started = performance.now();
  const input = { tenantId: principal.tenantId, text, limit: HITS_PER_KIND };
  const allowed = SEARCH_KINDS.filter((k) => principal.permissions.has(k.permission));
  const notSearched = SEARCH_KINDS.filter((k) => !principal.permissions.has(k.permission)).map((k) => k.kind);
  const perKind = await Promise.all(
    allowed.map(async (k) => {
      if (!k.find) return [];
      metrics.kindQueries.inc({ kind: k.kind });
      const hits = (await k.find(ctx.db, input, principal)).slice(0, HITS_PER_KIND);
      if (hits.length > 0) metrics.kindHits.inc({ kind: k.kind }, hits.length);
      return hits.map(({ kind, id, label, detail, at }) => ({ kind, id, label, detail, at }));
    }),
  );
  for (const kind of notSearched) metrics.kindNotSearched.inc({ kind });
  const seconds = (performance.now() - started) / 1000;
  metrics.requests.inc();
  metrics.durationSum.inc(seconds);
  metrics.durationMax.set(Math.max(seconds, (await metrics.durationMax.get()).values[0]?.value ?? 0));
  return { query: text, hits: perKind.flat(), not_searched: notSearched };
}
