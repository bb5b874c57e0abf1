/**
 * Fits a value that came from outside the server (an agent's health or capability report, an
 * event payload) to a closed response schema before it is answered: fields the schema does not
 * list are dropped, and a field of the wrong type is dropped too (or becomes null where the
 * schema allows null) instead of failing the whole answer at serialisation. Understands the
 * subset of JSON Schema the response schemas use: object, array, string, number, integer,
 * boolean, null, anyOf/union, and a `$ref` to one of the shared schemas (http/shared-schemas.ts).
 */
import { SHARED_SCHEMAS } from './shared-schemas.js';

type Json = Record<string, unknown>;

const SHARED = new Map(
  SHARED_SCHEMAS.map((s) => [`${String((s as { $id?: string }).$id)}#`, s as unknown as Json]),
);

const DROP = Symbol('drop');

function typesOf(schema: Json): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  return [];
}

function fit(schema: Json, value: unknown): unknown {
  if (typeof schema.$ref === 'string') {
    const target = SHARED.get(schema.$ref);
    return target ? fit(target, value) : DROP;
  }
  if (Array.isArray(schema.anyOf)) {
    for (const branch of schema.anyOf as Json[]) {
      const out = fit(branch, value);
      if (out !== DROP) return out;
    }
    return DROP;
  }
  if ('const' in schema) return value === schema.const ? value : DROP;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).includes(value) ? value : DROP;
  for (const t of typesOf(schema)) {
    if (t === 'null' && value === null) return null;
    if (t === 'string' && typeof value === 'string') return value;
    if (t === 'boolean' && typeof value === 'boolean') return value;
    if (t === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
    if (t === 'integer' && Number.isSafeInteger(value)) return value;
    if (t === 'array' && Array.isArray(value)) {
      const items = (schema.items ?? {}) as Json;
      return value.map((v) => fit(items, v)).filter((v) => v !== DROP);
    }
    if (t === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const out: Json = {};
      for (const [key, sub] of Object.entries(props)) {
        if (!Object.hasOwn(value, key)) {
          if (required.has(key)) return DROP;
          continue;
        }
        const v = fit(sub, (value as Json)[key]);
        if (v !== DROP) out[key] = v;
        else if (required.has(key)) return DROP;
      }
      return out;
    }
  }
  return DROP;
}

/** The value fitted to `schema`, or `fallback` when nothing of it fits. */
export function conform<T>(schema: unknown, value: unknown, fallback: T): T {
  const out = fit(schema as Json, value);
  return out === DROP ? fallback : (out as T);
}
