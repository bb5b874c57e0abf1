/**
 * One hit of `GET /search` (document 2, Search; docs/search.md): exactly these five fields. Each
 * owning module builds its kind's hits in its own finder (exported by its `public.ts`); the search
 * module only decides which finders the caller may run.
 */
export interface SearchHit {
  kind: string;
  id: string;
  label: string;
  detail: string | null;
  at: string | null;
}

/** What every finder is given: the tenant, the literal text (trimmed) and how many hits to keep. */
export interface SearchInput {
  tenantId: string;
  text: string;
  limit: number;
}

/** A case-insensitive literal "contains" test for finders that match in memory. */
export function containsText(value: string | null | undefined, text: string): boolean {
  return text !== '' && (value ?? '').toLowerCase().includes(text.toLowerCase());
}

/** A LIKE pattern matching the literal text anywhere (wildcards escaped; use `escape '\\'`). */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** A LIKE pattern matching values that start with the literal text (use `escape '\\'`). */
export function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** The exclusive upper bound of an index range over values starting with `text` (lower-cased). */
export function prefixEnd(text: string): string {
  return `${text.toLowerCase()}\u{10FFFF}`;
}
