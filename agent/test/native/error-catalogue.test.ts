import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATIVE_ERROR_CODES } from '@custos/native';
import { describe, expect, it } from 'vitest';

// One catalogue (STYLE.md, fastify): every code the C++ can produce is in the facade's list, and
// docs/native.md documents exactly that list.
const root = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.cc') ? [join(dir, e.name)] : [],
  );
}

describe('native error catalogue', () => {
  it('every code in the C++ sources is in NATIVE_ERROR_CODES', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(join(root, 'agent', 'native', 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/"(native\.[a-z_]+)"/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    for (const code of used) expect(NATIVE_ERROR_CODES).toContain(code);
  });

  it('docs/native.md lists exactly the catalogue', () => {
    const doc = readFileSync(join(root, 'docs', 'native.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `(native\.[a-z_]+)` \|/gm)].map((m) => m[1]);
    expect([...documented].sort()).toEqual([...NATIVE_ERROR_CODES].sort());
  });
});
