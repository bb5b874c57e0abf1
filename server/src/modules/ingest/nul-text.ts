/**
 * NUL characters in agent text (docs/architecture.md, next to the NUL-text rule of the console
 * routes). PostgreSQL text cannot hold U+0000: a stored event with one fails its whole batch's
 * transaction, and the agent, answered Retry, would resend that batch for ever. An agent reports
 * what the endpoint gave it (a file name, a window title, a user name), so the event is kept and
 * each U+0000 becomes U+FFFD (the replacement character), in every string and object key of the
 * event, before it is read; the same on SQLite, so both databases store one form. One UTF-16 unit
 * for another: no length limit moves.
 */
const NUL = '\u0000';
const REPLACEMENT = '\uFFFD';

function clean(text: string): string {
  return text.includes(NUL) ? text.replaceAll(NUL, REPLACEMENT) : text;
}

/**
 * Deeper than anything an event stores (ingest keeps allow-listed fields a few levels down): a
 * hostile nesting is left as it is rather than walked to the end of the stack.
 */
const MAX_DEPTH = 32;

/**
 * Whether a JSON text can hold a U+0000 once parsed. JSON writes a control character only as an
 * escape (a raw one is a parse error), and U+0000's escape is `\u0000` whatever the hex digits'
 * case: a body without that sequence parses to no NUL, and ingest skips the walk of its events.
 * A body that only looks like it (`\\u0000`, an escaped backslash) is walked, which is harmless.
 */
export function jsonMayHoldNul(body: Buffer): boolean {
  return body.includes('\\u0000');
}

/** The value with every NUL of its strings and keys replaced; the same value when it has none. */
export function withoutNul<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return clean(value) as T;
  if (depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = withoutNul(value[i] as unknown, depth + 1);
      if (v !== value[i]) {
        out ??= [...value];
        out[i] = v;
      }
    }
    return (out ?? value) as T;
  }
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    // Built only once something changed; fromEntries keeps a `__proto__` key an own property.
    let out: [string, unknown][] | null = null;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      const key = clean(k);
      const v = withoutNul(obj[k], depth + 1);
      if (out === null && (key !== k || v !== obj[k])) out = keys.slice(0, i).map((x) => [x, obj[x]]);
      out?.push([key, v]);
    }
    return (out === null ? value : Object.fromEntries(out)) as T;
  }
  return value;
}
