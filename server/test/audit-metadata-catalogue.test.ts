import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_METADATA_KEYS, shownMetadata } from '../src/modules/audit-events/metadata-schema.js';

/**
 * Issue 14: the audit log answers through a closed metadata schema. Every key a module writes
 * (`metadata: { … }` in server/src) must be listed, or the log would silently stop showing it.
 */
const SRC = new URL('../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Top-level keys of each `metadata: { … }` object literal in `text`. */
export function metadataKeys(text: string): string[] {
  const keys: string[] = [];
  for (const m of text.matchAll(/\bmetadata: \{/g)) {
    let depth = 1;
    let entry = '';
    const entries: string[] = [];
    for (let i = (m.index ?? 0) + m[0].length; i < text.length; i++) {
      const c = text[i] as string;
      if ('{[('.includes(c)) depth++;
      if ('}])'.includes(c)) depth--;
      if (depth === 0) break;
      if (depth === 1 && c === ',') {
        entries.push(entry);
        entry = '';
      } else entry += c;
    }
    entries.push(entry);
    for (const e of entries) {
      const t = e
        .trim()
        .replace(/^\/\/.*$/gm, '')
        .trim();
      if (t === '' || t.startsWith('...')) continue;
      const key = /^([A-Za-z_][A-Za-z0-9_]*)/.exec(t)?.[1];
      if (key) keys.push(key);
    }
  }
  return keys;
}

describe('audit metadata catalogue', () => {
  it('lists every metadata key a module writes', () => {
    const written = new Set<string>();
    for (const file of sources(SRC)) {
      if (file.includes(`${path.sep}audit-events${path.sep}`)) continue;
      for (const k of metadataKeys(fs.readFileSync(file, 'utf8'))) written.add(k);
    }
    expect(written.size).toBeGreaterThan(30);
    const listed = new Set(AUDIT_METADATA_KEYS);
    expect([...written].filter((k) => !listed.has(k)).sort()).toEqual([]);
  });

  it('the key reader finds shorthand, named and multi-line keys and skips spreads', () => {
    const text = `x({ metadata: { reason, sessions_ended: n, ...extra } });
      y({ metadata: {
        before: { required: a, grace_days: b },
        warning_kinds: [...new Set([1, 2])],
      } });`;
    expect(metadataKeys(text)).toEqual(['reason', 'sessions_ended', 'before', 'warning_kinds']);
  });

  it('shows listed keys of their type only', () => {
    const stored = JSON.stringify({
      reason: 'left',
      request_id: 'r',
      unknown_key: 'dropped',
      scopes: ['a', { no: 1 }],
      changes: { display_name: { old: 'a', new: 'b', extra: 1 }, other: 2 },
      resolved_scope: 'not an object',
    });
    expect(shownMetadata(stored)).toEqual({
      reason: 'left',
      request_id: 'r',
      scopes: ['a'],
      changes: { display_name: { old: 'a', new: 'b' } },
    });
    expect(shownMetadata('not json')).toEqual({});
  });
});
